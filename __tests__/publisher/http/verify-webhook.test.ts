import { Webhook } from "standardwebhooks"
import { secretKeys, signWebhook } from "../../../contract/webhook-signature"
import { checkWebhookHeaders, signatureMatches, verifyWebhook } from "../../../publisher/src/http/verify-webhook"
import { OTHER_SECRET, SECRET } from "../helpers/harness"

// The publisher signs and verifies with node:crypto; the format stays
// Standard Webhooks', so the official package (a test dependency only) is the
// judge: what it signs we accept, what we sign it accepts.

const now = () => Math.floor(Date.now() / 1000)
const id = "msg_2Kp7"
const raw = Buffer.from(JSON.stringify({ event: "publish", refs: [{ type: "episode", id: 1001 }] }))
const official = (secret: string, timestamp: number, body: string | Buffer = raw) => new Webhook(secret).sign(id, new Date(timestamp * 1000), body)

describe("the webhook's code outside the tests", () => {
  it("never loads the standardwebhooks package, whose pure-JavaScript HMAC took 27 ms a MiB on the server's event loop", () => {
    jest.isolateModules(() => {
      jest.doMock("standardwebhooks", () => {
        throw new Error("runtime code loaded standardwebhooks")
      })
      expect(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the mock that throws, to show none loads it
        require("../../../publisher/src/http/routes/webhook")
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
        require("../../../contract/webhook-signature")
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
        require("../../../cms/src/admin/webhook")
      }).not.toThrow()
    })
  })
})

describe("compatibility with the official standardwebhooks package", () => {
  it("accepts what the package signs, with one secret or among several signatures", () => {
    const t = now()
    const keys = secretKeys(SECRET)
    expect(verifyWebhook(keys, { id, timestamp: String(t), signature: official(SECRET, t), rawBody: raw })).toEqual({ ok: true, id })
    const both = `${official(OTHER_SECRET, t)} ${official(SECRET, t)}`
    expect(verifyWebhook(keys, { id, timestamp: String(t), signature: both, rawBody: raw }).ok).toBe(true)
    expect(verifyWebhook(keys, { id, timestamp: String(t), signature: official(OTHER_SECRET, t), rawBody: raw }).ok).toBe(false)
  })

  it("signs what the package accepts, for every secret of a rotation, and exactly what the package would sign", () => {
    const t = now()
    const headers = { "webhook-id": id, "webhook-timestamp": String(t), "webhook-signature": signWebhook(`${OTHER_SECRET} ${SECRET}`, { id, timestamp: t, body: raw }) }
    for (const secret of [SECRET, OTHER_SECRET]) expect(() => new Webhook(secret).verify(raw, headers, { jsonParse: false })).not.toThrow()
    for (const body of [raw, raw.toString("utf8"), "", "é ✓ 🎬"]) expect(signWebhook(SECRET, { id, timestamp: t, body })).toBe(official(SECRET, t, body))
  })

  it("refuses the same stale and future timestamps as the package", () => {
    for (const offset of [-310, 310, -290, 290, 0]) {
      const t = now() + offset
      const signature = official(SECRET, t)
      let packageAccepts = true
      try {
        new Webhook(SECRET).verify(raw, { "webhook-id": id, "webhook-timestamp": String(t), "webhook-signature": signature }, { jsonParse: false })
      } catch {
        packageAccepts = false
      }
      expect([offset, verifyWebhook(secretKeys(SECRET), { id, timestamp: String(t), signature, rawBody: raw }).ok]).toEqual([offset, packageAccepts])
    }
  })
})

describe("checkWebhookHeaders (before the body)", () => {
  const t = now()
  const good = signWebhook(SECRET, { id, timestamp: t, body: raw })

  it("passes headers only a body could still refuse, with the decoded v1 signatures", () => {
    const verdict = checkWebhookHeaders({ id, timestamp: String(t), signature: `v2,abc ${good}` })
    expect(verdict).toMatchObject({ ok: true, id, timestamp: String(t) })
    if (!verdict.ok) throw new Error("unreachable")
    expect(verdict.signatures).toEqual([Buffer.from(good.slice(3), "base64")])
    expect(signatureMatches(secretKeys(SECRET), verdict, raw)).toBe(true)
    expect(signatureMatches(secretKeys(SECRET), verdict, Buffer.concat([raw, Buffer.from(" ")]))).toBe(false)
  })

  it.each([
    ["no signature", { signature: undefined }, "malformed"],
    ["no id", { id: undefined }, "malformed"],
    ["two timestamps", { timestamp: [String(t), String(t)] }, "malformed"],
    ["a timestamp with a leading zero", { timestamp: `0${t}` }, "malformed"],
    ["a timestamp 6 minutes old", { timestamp: String(t - 360) }, "stale"],
    ["only a v2 signature", { signature: good.replace("v1,", "v2,") }, "unsigned"],
    ["a truncated v1 signature", { signature: good.slice(0, -2) }, "unsigned"],
    ["a v1 signature of 33 bytes", { signature: `v1,${Buffer.alloc(33).toString("base64")}` }, "unsigned"],
  ])("refuses %s without a body", (_what, override, code) => {
    expect(checkWebhookHeaders({ id, timestamp: String(t), signature: good, ...override })).toMatchObject({ ok: false, code })
  })
})
