import crypto from "node:crypto"

/**
 * A node's `internal.contentDigest` for plain data (what JSON holds): md5 of
 * its JSON. Gatsby's createContentDigest walks the value with
 * node-object-hash and sorts every object's keys, a cost every unchanged
 * node pays on every build only to be compared. The builders make each
 * object with its keys in a fixed order, so equal content gives equal JSON;
 * content written in another key order only costs one write more, never a
 * missed change.
 */
export function contentDigest(content: object): string {
  return crypto.createHash("md5").update(JSON.stringify(content)).digest("hex")
}
