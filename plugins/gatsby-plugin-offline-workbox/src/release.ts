import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * One id for what a build serves: every page's data, every static query's
 * result and app-data.json (which holds webpack's compilation hash). A
 * content edit changes page data or a static query result; a code change
 * changes the compilation hash; either changes the id.
 */
export function releaseId(publicDir: string): string {
  const pageData = path.join(publicDir, "page-data")
  const hash = crypto.createHash("sha256")
  for (const file of filesUnder(pageData).sort()) {
    hash.update(path.relative(pageData, file)).update("\0").update(fs.readFileSync(file)).update("\0")
  }
  return hash.digest("hex").slice(0, 20)
}
