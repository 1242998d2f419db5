import { OFFLINE, type ReleaseFile } from "../constants"

declare global {
  interface Window {
    /**
     * Gatsby's navigate, which its Link calls. Used instead of importing
     * `navigate` from "gatsby": that import brings Gatsby's slice runtime and
     * its class helpers into every page's app chunk (about 5 KB minified,
     * read from the source map), this costs nothing.
     */
    ___navigate?: (to: string) => void
  }
}

/** Long enough for a slow connection; after it the navigation goes ahead as if nothing changed. */
const CHECK_TIMEOUT_MS = 2000

/** The server's release.json, or undefined when it could not say (offline, slow, missing). */
async function serverReleaseFile(): Promise<Partial<ReleaseFile> | undefined> {
  try {
    const response = await fetch(OFFLINE.releaseFile, { cache: "no-store", signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
    if (!response.ok) return undefined
    return (await response.json()) as Partial<ReleaseFile>
  } catch {
    return undefined
  }
}

/** The release a release.json names; none from a build without the worker, or when the server could not say. */
const releaseOf = (file: Partial<ReleaseFile> | undefined) => (file && "release" in file ? file.release : undefined)

async function serverRelease(): Promise<string | undefined> {
  return releaseOf(await serverReleaseFile())
}

/** An in-site link a plain click would follow in this tab, or undefined. */
function linkToFollow(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return undefined
  const url = new URL(anchor.href)
  if (url.origin !== window.location.origin) return undefined
  // A jump within this page (the skip link) is no navigation.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return undefined
  return url
}

/** How long a question asked when a link was pressed still answers for its click (a long press on a phone). */
const PRESS_ANSWER_MS = 2000

/**
 * Notices a deploy before the navigation that would otherwise show it half.
 * Gatsby keeps pages, page data and static-query results it has loaded in
 * memory, and reloads only when the code changed, so after a content-only
 * deploy an open tab would show old pages, or a new page inside an old
 * header and footer. Before following an in-site link the page asks the
 * server for the current release (release.json, a few dozen bytes); if it
 * is not the one this page was loaded from, the link loads from the server
 * (Gatsby's `___swUpdated`), whole and new. Offline, or when the server is
 * slow to say, the link is followed as usual.
 *
 * The question goes out when the link is pressed (pointerdown), not when it
 * is released: a press lasts about a tenth of a second, so on most
 * connections the answer is in before the click and the navigation does not
 * wait. It is still asked after the visitor chose the link, so a deploy made
 * while they read the page is never missed. Keyboard activation asks at the click.
 */
export class ReleaseWatch {
  private loaded: string | undefined
  private pressed: { url: string; at: number; answer: Promise<string | undefined> } | undefined

  /**
   * Notes the release this page came from and starts watching link presses
   * and clicks. Answers false, and watches nothing, when the server says its
   * build made no worker (the preview lane's); a server that could not say
   * (offline: the page came from the worker) counts as one with a worker.
   */
  async start(): Promise<boolean> {
    const file = await serverReleaseFile()
    if (file && "serviceWorker" in file && file.serviceWorker === false) return false
    this.loaded = releaseOf(file)
    document.addEventListener("pointerdown", (event) => this.onPress(event), { capture: true, passive: true })
    document.addEventListener("click", (event) => this.onClick(event), { capture: true })
    return true
  }

  /** After any navigation, so that the following one is a full load if a deploy happened meanwhile. */
  async check(answer: Promise<string | undefined> = serverRelease()): Promise<void> {
    const current = await answer
    if (this.loaded && current && current !== this.loaded) window.___swUpdated = true
  }

  private watching(): boolean {
    return Boolean(this.loaded) && !window.___swUpdated && navigator.onLine
  }

  private onPress(event: PointerEvent): void {
    const url = linkToFollow(event)
    if (url && this.watching()) this.pressed = { url: url.href, at: Date.now(), answer: serverRelease() }
  }

  private onClick(event: MouseEvent): void {
    const url = linkToFollow(event)
    if (!url || !this.watching()) return
    const pressed = this.pressed
    this.pressed = undefined
    const answer = pressed && pressed.url === url.href && Date.now() - pressed.at < PRESS_ANSWER_MS ? pressed.answer : serverRelease()
    // Before React sees the click: Gatsby's Link would navigate at once.
    event.preventDefault()
    event.stopPropagation()
    void this.check(answer).then(() => window.___navigate?.(`${url.pathname}${url.search}${url.hash}`))
  }
}
