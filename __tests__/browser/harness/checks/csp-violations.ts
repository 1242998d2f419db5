import type { Page } from "playwright-core"

/**
 * Pushes onto `violations` every `securitypolicyviolation` event of every
 * document the page opens (from before its first script) and every console
 * message about the Content Security Policy.
 */
export async function recordCspViolations(page: Page, violations: string[]): Promise<void> {
  await page.exposeFunction("__reportCspViolation", (report: string) => violations.push(report))
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (report: string) => void }).__reportCspViolation
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.documentURI}: ${event.sample}`)
    })
  })
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`)
  })
}
