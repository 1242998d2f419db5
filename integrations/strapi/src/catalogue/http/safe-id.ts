// The contract's path-safe id (the root's contract/safe-ids.ts, copied: this
// package cannot import it): an id asked for that is not one names nothing
// here, since every documentId is one, and is answered 404 without a read.
const SAFE_ID = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,127}$/

export function isSafeId(id: string | undefined): id is string {
  return typeof id === "string" && SAFE_ID.test(id)
}
