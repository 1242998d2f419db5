import { previewUrl, type PreviewUrlInput } from "../../integrations/strapi/src/catalogue/preview/preview-url"
import { verifiedTicket } from "../../publisher/src/http/preview/hand-off-ticket"

// What Strapi's Preview (config/admin.ts's handler) opens for each status of
// an entry: the preview lane shows drafts and the live site cannot be
// framed, so the Published tab has a page only while the draft is what is
// published. The page a hand-off opens is read back as the preview lane reads it.

const SECRET = "a-secret-shared-with-the-preview-lane-0123456789"
const SITE = "http://localhost:9001"
const episode = (input: Partial<PreviewUrlInput>) => previewUrl({ uid: "api::episode.episode", documentId: "1002", siteUrl: SITE, secret: SECRET, ...input })

/** The preview page a Preview address signs the editor in to. */
function pageOpened(address: string | null): string | undefined {
  if (address === null) return undefined
  const url = new URL(address)
  expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/_preview/hand-off`)
  return verifiedTicket(url.searchParams.get("ticket"), SECRET)?.path
}

describe("Strapi's Preview for an episode", () => {
  it("opens its page on the preview lane for the draft, by default, and while it is modified", () => {
    expect(pageOpened(episode({ status: "draft" }))).toBe("/detail/1002/")
    expect(pageOpened(episode({}))).toBe("/detail/1002/")
    expect(pageOpened(episode({ status: "modified" }))).toBe("/detail/1002/")
  })

  it("has no page for the Published tab while the draft has unpublished changes, as the preview would show them", () => {
    expect(episode({ status: "published", unpublishedChanges: true })).toBeNull()
    expect(episode({ status: "published" })).toBeNull()
  })

  it("opens the same page for the published status once the draft is what is published (the edit view's Preview box asks so)", () => {
    expect(pageOpened(episode({ status: "published", unpublishedChanges: false }))).toBe("/detail/1002/")
  })

  it("has none for a type without a page, or without a preview lane configured", () => {
    expect(previewUrl({ uid: "api::subscriber.subscriber", documentId: "x", siteUrl: SITE, secret: SECRET })).toBeNull()
    expect(episode({ siteUrl: "" })).toBeNull()
    expect(episode({ secret: "" })).toBeNull()
  })
})
