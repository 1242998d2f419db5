import { distinctTags } from "../../../../src/components/forms/tag-filter"

describe("distinctTags", () => {
  it("is 'All' and then each tag once, in the order the series first use them", () => {
    expect(distinctTags([["Beginner", "Morning"], ["Advanced"], ["Beginner", "Evening"], []])).toEqual(["All", "Beginner", "Morning", "Advanced", "Evening"])
  })
})
