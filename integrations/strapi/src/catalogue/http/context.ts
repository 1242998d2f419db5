/** What the catalogue's handlers use of Koa's context, so they are plain functions of it. */
export interface CatalogueContext {
  query: Record<string, unknown>
  params: Record<string, string | undefined>
  request: { headers: Record<string, string | string[] | undefined>; body?: unknown }
  status: number
  body: unknown
  set(name: string, value: string): void
}

/** Answers `status` with a JSON body. */
export function answer(ctx: CatalogueContext, status: number, body: unknown): void {
  ctx.status = status
  ctx.body = body
}

/** The contract's error answer: `{ message }`. */
export function refuse(ctx: CatalogueContext, status: number, message: string): void {
  answer(ctx, status, { message })
}
