import crypto from "node:crypto"

/**
 * A node's `internal.contentDigest` for plain data (what JSON holds): md5 of
 * its JSON. Gatsby's createContentDigest walks the value with
 * node-object-hash, sorting every object's keys as it goes; over a thousand
 * episodes, most of them with transcripts, that walk was the largest part of
 * building nodes that had not changed. The builders make each object with its
 * keys in a fixed order, so equal content gives equal JSON; content written
 * in another key order only costs one write more, never a missed change.
 */
export function contentDigest(content: object): string {
  return crypto.createHash("md5").update(JSON.stringify(content)).digest("hex")
}
