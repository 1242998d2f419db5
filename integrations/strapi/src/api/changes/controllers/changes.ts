import type { Core } from "@strapi/strapi"
import { answerChanges } from "../../../catalogue/changes/answer"

interface KoaContext {
  request: { query: Record<string, unknown>; headers: Record<string, string | string[] | undefined> }
  status: number
  body: unknown
  set(field: string, value: string): void
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async feed(ctx: KoaContext) {
    const { status, body } = await answerChanges(strapi, ctx.request)
    // A feed read is a moment's truth: no cache may answer the next one.
    ctx.set("Cache-Control", "no-store")
    ctx.status = status
    ctx.body = body
  },
})
