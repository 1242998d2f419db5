import moment from "moment"
import { SchemaComposer } from "graphql-compose"

// patches/gatsby+5.16.1.patch: inference asks of each string in a type's example value whether it is a
// date. It asked moment to parse every one strictly against each ISO 8601 format (a millisecond each);
// Gatsby's own quick test (date.js looksLikeADate) now goes first, and only a string that passes it is parsed.

type AddInferredFields = (args: { schemaComposer: SchemaComposer; typeComposer: unknown; exampleValue: object; typeMapping: object }) => void

// eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's patched file, loaded by its path (no type declarations)
const { addInferredFields } = require("gatsby/dist/schema/infer/add-inferred-fields") as { addInferredFields: AddInferredFields }

describe("inferring a Date field", () => {
  it("gives dates the Date type and other strings String, asking moment only about the strings that look like dates", () => {
    const schemaComposer = new SchemaComposer()
    const typeComposer = schemaComposer.createObjectTC({ name: "Thing", fields: {} })
    const parsed = jest.spyOn(moment, "utc")
    addInferredFields({
      schemaComposer,
      typeComposer,
      exampleValue: {
        modifiedTime: "2026-11-30T18:03:05.919Z",
        day: "2026-11-30",
        absolutePath: "/work/site/src/images/home-hero-1.jpg",
        name: "home-hero-1",
        notADay: "2026-13-45",
        year: "2026",
      },
      typeMapping: {},
    })
    const types = Object.fromEntries(typeComposer.getFieldNames().map((name) => [name, typeComposer.getFieldTypeName(name)]))
    expect(types).toEqual({ modifiedTime: "Date", day: "Date", absolutePath: "String", name: "String", notADay: "String", year: "Date" })
    // "2026-13-45" looks like one, so moment decides: no month 13.
    expect(parsed.mock.calls.map(([value]) => value).sort()).toEqual(["2026", "2026-11-30", "2026-11-30T18:03:05.919Z", "2026-13-45"])
    parsed.mockRestore()
  })
})
