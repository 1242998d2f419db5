import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { Joi } from "gatsby-plugin-utils"

/**
 * Each local plugin's README documents its options in a table headed
 * `| Option | Type | Default | Description |`, taken from its Joi schema.
 * These tests keep the two the same: an option added to the schema without a
 * row, or a row left behind by a removed option, fails here.
 */
const PLUGINS = path.resolve(__dirname, "../../plugins")

interface OptionDescription {
  type: string
  keys?: Record<string, OptionDescription>
}

/** The plugin's top-level options and their Joi types, or undefined when it has no options schema. */
function schemaOptions(plugin: string): Map<string, string> | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each plugin's barrel, loaded as Gatsby loads it
  const gatsbyNode = require(path.join(PLUGINS, plugin, "gatsby-node")) as GatsbyNode
  if (!gatsbyNode.pluginOptionsSchema) return undefined
  const schema = gatsbyNode.pluginOptionsSchema({ Joi } as Parameters<NonNullable<GatsbyNode["pluginOptionsSchema"]>>[0]) as { describe(): OptionDescription }
  return new Map(Object.entries(schema.describe().keys ?? {}).map(([name, option]) => [name, option.type]))
}

/** The rows of the README's options table: each option's name (first cell, in backticks) and its type cell. */
function readmeOptions(readme: string): Map<string, string> | undefined {
  const lines = readme.split("\n")
  const header = lines.findIndex((line) => /^\|\s*Option\s*\|\s*Type\s*\|\s*Default\s*\|\s*Description\s*\|/.test(line))
  if (header === -1) return undefined
  const rows = new Map<string, string>()
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break
    const [name, type] = line
      .split("|")
      .slice(1, 3)
      .map((cell) => cell.trim())
    rows.set(name!.replace(/^`|`$/g, ""), type!)
  }
  return rows
}

const plugins = readdirSync(PLUGINS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe("the local plugins' READMEs", () => {
  it("finds both local plugins", () => {
    expect(plugins).toEqual(expect.arrayContaining(["gatsby-source-catalogue", "gatsby-plugin-offline-workbox"]))
  })

  describe.each(plugins)("%s", (plugin) => {
    const readme = readFileSync(path.join(PLUGINS, plugin, "README.md"), "utf8")
    const schema = schemaOptions(plugin)
    const table = readmeOptions(readme)

    it(schema ? "names every option of its Joi schema in the options table, and no other" : "has no options table, as it has no options schema", () => {
      if (!schema) {
        expect(table).toBeUndefined()
        return
      }
      expect(table).toBeDefined()
      const documented = [...table!.keys()]
      const declared = [...schema.keys()]
      expect({ missingFromReadme: declared.filter((name) => !table!.has(name)), notInSchema: documented.filter((name) => !schema.has(name)) }).toEqual({
        missingFromReadme: [],
        notInSchema: [],
      })
    })

    if (schema) {
      it("gives each option the type its schema has", () => {
        const wrong = [...schema]
          .filter(([name, type]) => table?.has(name) && !table.get(name)!.startsWith(type))
          .map(([name, type]) => `${name}: ${type}, not ${table!.get(name)}`)
        expect(wrong).toEqual([])
      })
    }
  })
})
