import crypto from "node:crypto"

/** mulberry32: a tiny seeded generator, so generated catalogues are reproducible. */
export function seededRandom(seed: string | number): () => number {
  let state = typeof seed === "number" ? seed >>> 0 : crypto.createHash("sha256").update(seed).digest().readUInt32LE(0)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
