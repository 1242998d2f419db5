import type { Page } from "playwright-core"

export interface ExposedNode {
  role: string
  name: string
  /** aria-expanded as Chromium computes it (a `details` disclosure's summary: its `open`); null when it has none. */
  expanded: boolean | null
}

/**
 * What Chromium itself tells screen readers about the first element matching
 * `selector`, from its accessibility tree. For elements whose role Playwright's
 * own role engine does not model, such as a `details` disclosure's `summary`
 * (Chromium: "DisclosureTriangle", a button with an expanded state to a screen
 * reader).
 */
export async function exposedNode(page: Page, selector: string): Promise<ExposedNode> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 })
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector })
    if (!nodeId) throw new Error(`No element matches ${selector}`)
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false })
    const node = nodes[0]
    if (!node) throw new Error(`Chromium exposes nothing for ${selector}`)
    const expanded = node.properties?.find((property) => property.name === "expanded")?.value.value
    return {
      role: String(node.role?.value ?? ""),
      name: String(node.name?.value ?? ""),
      expanded: typeof expanded === "boolean" ? expanded : null,
    }
  } finally {
    await cdp.detach()
  }
}
