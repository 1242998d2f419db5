import AxeBuilder from "@axe-core/playwright"
import type { Page } from "playwright-core"

/** axe's impact levels, least first. */
const IMPACTS = ["minor", "moderate", "serious", "critical"] as const
type Impact = (typeof IMPACTS)[number]

export interface AxeOptions {
  /** Findings below this impact are left out; every impact by default. */
  minImpact?: Impact
  /** CSS selectors axe leaves out, with what is inside them. */
  exclude?: string[]
}

/**
 * axe-core's violations on the open page, one line each: impact, rule and
 * the elements it names. In the site's own documents: axe runs in the page
 * and its same-origin frames (the builder's legacy mode), not in a
 * cross-origin frame such as the video host's player, which is the host's
 * page and not ours. That mode also skips the blank page the builder opens
 * to merge frames' results, and only violations carry their elements: less
 * than half the processor time of the default run, with the same findings
 * (checked with a picture without text, a nameless button and link, an
 * unlabelled field and content outside landmarks).
 */
export async function axeViolations(page: Page, { minImpact = "minor", exclude = [] }: AxeOptions = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page: page as never }).setLegacyMode().options({ resultTypes: ["violations"] })
  for (const selector of exclude) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  const least = IMPACTS.indexOf(minImpact)
  return violations
    .filter((violation) => IMPACTS.indexOf((violation.impact ?? "critical") as Impact) >= least)
    .map((violation) => `axe (${violation.impact}): ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
}
