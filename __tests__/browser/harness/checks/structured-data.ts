import { execFile } from "node:child_process"
import { DomUtils, parseDocument } from "htmlparser2"
import { PROJECT_ROOT } from "../../../../node-kit/process/processes"

export interface StructuredDataIssue {
  rootType: string
  issueMessage: string
  severity: "ERROR" | "WARNING"
  fieldNames?: string[]
  /** From the page's object down to the one at fault: a Clip of a VideoObject's `hasPart` is `{ property: "hasPart", type: "Clip" }`. */
  path?: { property?: string; type?: string; index?: number }[]
}

/** The JSON-LD objects of an HTML page, parsed: a script that is not valid JSON throws, naming it. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  const scripts = DomUtils.getElementsByTagName("script", parseDocument(html).children, true).filter((script) => script.attribs.type === "application/ld+json")
  return scripts.map((script) => {
    const text = DomUtils.textContent(script)
    try {
      return JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new Error(`JSON-LD that does not parse: ${text.slice(0, 200)}`)
    }
  })
}

// The validator is an ES module only; jest runs these tests as CommonJS, so it runs in its own Node.
const VALIDATE = `
import Validator from "@adobe/structured-data-validator"
let input = ""
for await (const chunk of process.stdin) input += chunk
const jsonld = {}
for (const object of JSON.parse(input)) (jsonld[object["@type"]] ??= []).push(object)
process.stdout.write(JSON.stringify(await new Validator().validate({ jsonld, microdata: {}, rdfa: {} })))
`

/**
 * Google's rich-result rules for the objects (Adobe's structured-data
 * validator, offline: without schema.org's vocabulary file, which needs the
 * internet, it checks the Google rules for VideoObject, BreadcrumbList,
 * Organization and the others it knows).
 */
export function validateStructuredData(objects: Record<string, unknown>[]): Promise<StructuredDataIssue[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ["--input-type=module", "-e", VALIDATE], { cwd: PROJECT_ROOT }, (error, stdout, stderr) => {
      if (error) reject(new Error(`structured-data validator failed: ${stderr || error.message}`))
      else resolve(JSON.parse(stdout) as StructuredDataIssue[])
    })
    child.stdin!.end(JSON.stringify(objects))
  })
}
