import { episodeIdsInOrder } from "../../../../../plugins/gatsby-source-catalogue/src/nodes/types/series"

describe("episodeIdsInOrder", () => {
  it("orders by episode number, unnumbered last, ties by id as numbers", () => {
    const episodes = [{ id: 10, episode: 2 }, { id: 3, episode: null }, { id: "9", episode: 1 }, { id: 11, episode: 2 }, { id: 2 }]
    expect(episodeIdsInOrder(episodes)).toEqual(["9", "10", "11", "2", "3"])
  })
})
