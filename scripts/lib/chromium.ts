import { chromium, type Browser } from "playwright-core"

/** Flags for Debian's Chromium as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

/** Debian's Chromium, or the one CHROMIUM_PATH names: playwright cannot download its own here. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Chromium with the project's flags, and `extraArgs` after them (`--host-resolver-rules=…` for the reference player). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] })
}
