import { PREVIEW_TOKEN_HEADER } from "../../../../contract/preview/draft-videos"
import type { HttpClient } from "../http/client"
import { CatalogueRequestError } from "../http/client"
import type { CatalogueRead } from "./read"

// catalogue-api.md, "Drafts and preview": the preview lane's build reads the
// draft view (every catalogue GET with the preview token and preview=1); the
// live lane's build never does. Which one a build runs is CATALOGUE_PREVIEW_TOKEN,
// read here when the build runs, never a plugin option, so the token is not in
// Gatsby's persisted state. Only the catalogue's own origin is sent it: the
// API, the pictures it serves, and a video host on that origin (the
// reference server's, which shows a draft's pictures and videos only with
// it); never another host, and the fetches drop it on a redirect to one.

/** Which view of the catalogue a build shows: the preview bar says so. */
export interface CatalogueView {
  /** A preview lane's build (it was given a preview token). */
  preview: boolean
  /** It shows the draft view; false on the live lane, and on a preview lane whose backend refused it. */
  draftView: boolean
  /** Why a preview shows the published view; null otherwise. */
  note: string | null
}

/** The live lane's view. */
export const LIVE_VIEW: CatalogueView = { preview: false, draftView: false, note: null }

/** What a draft-view request adds to each catalogue GET. */
export const draftViewRequest = (token: string) => ({ headers: { Authorization: `Bearer ${token}` }, query: { preview: "1" } })

/**
 * The draft view's token as picture downloads send it (ImageDownloadLimits'
 * `credentials`): to the catalogue API's own origin, which serves a draft's
 * pictures; none unless this build shows the draft view.
 */
export function draftPictureCredentials(apiUrl: string, view: CatalogueView, token: string | undefined): { origin: string; headers: Record<string, string> } | undefined {
  return view.draftView && token ? { origin: new URL(apiUrl).origin, headers: draftViewRequest(token).headers } : undefined
}

/**
 * What a video lookup adds in a build of the draft view: the token in
 * PREVIEW_TOKEN_HEADER, when the video host is on the catalogue API's own
 * origin (the reference server's stand-in, which finds a draft episode's
 * video only with it). A video host elsewhere is a third party: never.
 */
export function draftVideoHeaders(apiUrl: string, videoApiUrl: string, view: CatalogueView, token: string | undefined): Record<string, string> {
  const sameOrigin = new URL(videoApiUrl).origin === new URL(apiUrl).origin
  return view.draftView && token && sameOrigin ? { [PREVIEW_TOKEN_HEADER]: token } : {}
}

/** The key the crawl state is kept under: a draft-view read is never patched with a published one's delta, nor the other way round. */
export const stateKey = (apiUrl: string, view: CatalogueView) => (view.draftView ? `${apiUrl} (draft view)` : apiUrl)

/**
 * Reads the catalogue in the view this build asks for. A preview build
 * whose backend answers the draft view with 401 (a backend without drafts,
 * or a token it does not know) reads the published view instead, and says
 * so: the preview then shows what visitors see, with the reason.
 */
export async function readInView(args: {
  token: string | undefined
  /** The catalogue client, with the draft view's headers and query or without. */
  client: (draftView: boolean) => HttpClient
  read: (client: HttpClient, view: CatalogueView) => Promise<CatalogueRead>
  warn: (message: string) => void
}): Promise<{ caught: CatalogueRead; client: HttpClient; view: CatalogueView }> {
  if (!args.token) {
    const client = args.client(false)
    return { caught: await args.read(client, LIVE_VIEW), client, view: LIVE_VIEW }
  }
  const draft = args.client(true)
  try {
    const view = { preview: true, draftView: true, note: null }
    return { caught: await args.read(draft, view), client: draft, view }
  } catch (error) {
    if (!(error instanceof CatalogueRequestError) || error.status !== 401) throw error
    const note = `The catalogue refused the draft view (${error.url.replace(/[?&]preview=1/, "")} answered 401): this preview shows the published catalogue.`
    args.warn(note)
    const client = args.client(false)
    const view = { preview: true, draftView: false, note }
    return { caught: await args.read(client, view), client, view }
  }
}
