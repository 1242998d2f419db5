import { ChangesGone, parseSince } from "../../integrations/strapi/src/catalogue/changes/feed"
import { UncommittedStamps } from "../../integrations/strapi/src/catalogue/changes/in-flight"
import { ABSENT, neighboursChanged, type Snapshot } from "../../integrations/strapi/src/catalogue/changes/neighbours"
import { documentIdOf, eventOf, viewsTouched } from "../../integrations/strapi/src/catalogue/changes/what-changed"
import { DEFAULT_TIMINGS, retryDelay } from "../../integrations/strapi/src/catalogue/webhooks/delivery-loop"
import { combineEvents, MAX_REFS_PER_DELIVERY, mergeRefs } from "../../integrations/strapi/src/catalogue/webhooks/outbox"
import { judgeAnswer } from "../../integrations/strapi/src/catalogue/webhooks/post-delivery"
import { webhookConfigFrom } from "../../integrations/strapi/src/catalogue/webhooks/config"

// The rules under Strapi's changes feed and webhook (integrations/strapi/src/catalogue/{changes,webhooks})
// that a running Strapi shows only by chance of timing: the feed's `now`
// while an edit is not yet committed, what each editor action means for each
// view, how deliveries queued together go out, and how an answer is judged.
// changes-and-webhooks.test.ts shows the rest through a real Strapi.

describe("the feed's now while an edit is uncommitted", () => {
  it("is held at the edit's stamp until it commits, so the next read (since that now) lists the edit", () => {
    let clock = 1_000
    const stamps = new UncommittedStamps(() => clock)
    const edit = stamps.take()
    clock = 1_005
    expect(stamps.now()).toBe(edit.at)
    stamps.settle(edit.token)
    expect(stamps.now()).toBe(1_005)
  })

  it("is the clock once a transaction has been open for five minutes, so a lost callback cannot stop the feed", () => {
    let clock = 0
    const stamps = new UncommittedStamps(() => clock)
    stamps.take()
    clock = 5 * 60_000 + 1
    expect(stamps.now()).toBe(clock)
  })
})

describe("since", () => {
  it("reads ISO 8601 with a zone, a '+' that arrived as a space included", () => {
    expect(parseSince("2026-05-01T10:00:00.123Z")).toBe(Date.parse("2026-05-01T10:00:00.123Z"))
    expect(parseSince("2026-05-01T12:00 02:00")).toBe(Date.parse("2026-05-01T10:00Z"))
  })

  it.each([undefined, "", "May 1", "2026-05-01T10:00:00", "2026-05-01", ["2026-05-01T10:00Z"]])("is gone (410) for %p", (since) => {
    expect(() => parseSince(since)).toThrow(ChangesGone)
  })
})

describe("what an editor's action changed", () => {
  it.each([
    ["create", {}, ["draft"], "draft"],
    ["update", {}, ["draft"], "draft"],
    ["discardDraft", {}, ["draft"], "draft"],
    ["clone", {}, ["draft"], "draft"],
    ["update", { status: "published" }, ["published", "draft"], "publish"],
    ["publish", {}, ["published", "draft"], "publish"],
    ["unpublish", {}, ["published", "draft"], "unpublish"],
    ["delete", {}, ["published", "draft"], "unpublish"],
  ] as const)("%s %p touches %p and is sent as %s", (action, params, views, event) => {
    expect(viewsTouched(action, params)).toEqual(views)
    expect(eventOf(action, params)).toBe(event)
  })

  it("names the document worked on, and nothing when the action matched none", () => {
    expect(documentIdOf("create", {}, { documentId: "new1" })).toBe("new1")
    expect(documentIdOf("update", { documentId: "1002" }, { documentId: "1002" })).toBe("1002")
    expect(documentIdOf("update", { documentId: "gone" }, null)).toBeUndefined()
    expect(documentIdOf("publish", { documentId: "1002" }, { documentId: "1002", entries: [] })).toBeUndefined()
    expect(documentIdOf("delete", { documentId: "1002" }, { documentId: "1002", entries: [{ id: 4 }] })).toBe("1002")
  })
})

describe("the containers and members an edit changes too", () => {
  const series = (documentId: string) => ({ uid: "api::series.series", documentId })
  const episode = (documentId: string) => ({ uid: "api::episode.episode", documentId })
  const both = (draft: Snapshot["draft"], published: Snapshot["published"] = draft): Snapshot => ({ draft, published })

  it("are an episode's old and new series when it moves, its series when its number (its place in the series) changes, and none when only its own data does", () => {
    const inA = both({ present: true, containers: [series("a")], members: [], order: "[[3]]" })
    expect(neighboursChanged(inA, both({ present: true, containers: [series("b")], members: [], order: "[[3]]" }), "draft")).toEqual([series("a"), series("b")])
    expect(neighboursChanged(inA, both({ present: true, containers: [series("a")], members: [], order: "[[4]]" }), "draft")).toEqual([series("a")])
    expect(neighboursChanged(inA, inA, "draft")).toEqual([])
  })

  it("are the series an episode comes to or leaves in a view", () => {
    const inA = both({ present: true, containers: [series("a")], members: [], order: "[[3]]" })
    expect(neighboursChanged(ABSENT, inA, "published")).toEqual([series("a")])
    expect(neighboursChanged(inA, ABSENT, "published")).toEqual([series("a")])
  })

  it("are every member of a series that comes or goes, and only the members that joined or left otherwise", () => {
    const withTwo = both({ present: true, containers: [], members: [episode("1"), episode("2")] })
    expect(neighboursChanged(withTwo, ABSENT, "published")).toEqual([episode("1"), episode("2")])
    const withOne = both({ present: true, containers: [], members: [episode("2"), episode("3")] })
    expect(neighboursChanged(withTwo, withOne, "draft")).toEqual([episode("1"), episode("3")])
  })
})

describe("deliveries queued together", () => {
  const episode = (id: string) => ({ type: "episode" as const, id })

  it("go as one event: a Publish click's draft save and publish as publish, publish and unpublish as publish", () => {
    expect(combineEvents(["draft", "draft"])).toBe("draft")
    expect(combineEvents(["draft", "publish"])).toBe("publish")
    expect(combineEvents(["unpublish", "draft", "unpublish"])).toBe("unpublish")
    expect(combineEvents(["unpublish", "publish"])).toBe("publish")
  })

  it("name each entity once, and say 'read the changes feed' (no refs) past 5 000 or when one already did", () => {
    expect(mergeRefs([[episode("a"), episode("b")], [episode("b")]])).toEqual([episode("a"), episode("b")])
    expect(mergeRefs([[episode("a")], []])).toEqual([])
    const many = Array.from({ length: MAX_REFS_PER_DELIVERY + 1 }, (_, index) => episode(String(index)))
    expect(mergeRefs([many.slice(0, 3000), many.slice(3000)])).toEqual([])
  })
})

describe("an answer to a delivery", () => {
  it.each([
    [200, "delivered"],
    [204, "delivered"],
    [301, "retry"],
    [308, "retry"],
    [408, "retry"],
    [429, "retry"],
    [500, "retry"],
    [503, "retry"],
    [400, "refused"],
    [401, "refused"],
    [404, "refused"],
    [413, "refused"],
  ] as const)("HTTP %i: %s", (status, kind) => {
    expect(judgeAnswer(status, null, 0).kind).toBe(kind)
  })

  it("waits as long as Retry-After asks, in seconds or as a date", () => {
    expect(judgeAnswer(429, "7", 0)).toEqual(expect.objectContaining({ retryAfterMs: 7000 }))
    expect(judgeAnswer(503, new Date(60_000).toUTCString(), 0)).toEqual(expect.objectContaining({ retryAfterMs: 60_000 }))
  })

  it("is retried after 1 s, then twice as long each time up to 5 minutes, and never sooner than Retry-After", () => {
    expect([1, 2, 3, 4, 9, 20].map((attempts) => retryDelay(attempts, DEFAULT_TIMINGS))).toEqual([1000, 2000, 4000, 8000, 256_000, 300_000])
    expect(retryDelay(1, DEFAULT_TIMINGS, 30_000)).toBe(30_000)
    expect(retryDelay(1, DEFAULT_TIMINGS, 3_600_000)).toBe(300_000)
  })
})

describe("the webhook's settings", () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`

  it("send nothing unless both the URL and the secret are set", () => {
    expect(webhookConfigFrom({})).toBeUndefined()
    expect(webhookConfigFrom({ PUBLISH_WEBHOOK_URL: "http://127.0.0.1:8000/hooks/catalogue" })).toBeUndefined()
    expect(webhookConfigFrom({ PUBLISH_WEBHOOK_SECRET: secret })).toBeUndefined()
  })

  it("take several space-separated secrets (a rotation), and stop the start on a bad one or a bad URL", () => {
    const other = `whsec_${Buffer.alloc(24, 8).toString("base64")}`
    expect(webhookConfigFrom({ PUBLISH_WEBHOOK_URL: "http://127.0.0.1:8000/hooks/catalogue", PUBLISH_WEBHOOK_SECRET: `${secret} ${other}` })?.secrets).toEqual([secret, other])
    expect(() => webhookConfigFrom({ PUBLISH_WEBHOOK_URL: "http://127.0.0.1:8000/hooks/catalogue", PUBLISH_WEBHOOK_SECRET: "hunter2" })).toThrow(
      /PUBLISH_WEBHOOK_SECRET is not a Standard Webhooks secret/,
    )
    expect(() => webhookConfigFrom({ PUBLISH_WEBHOOK_URL: "ftp://example.com/", PUBLISH_WEBHOOK_SECRET: secret })).toThrow(/PUBLISH_WEBHOOK_URL/)
  })
})
