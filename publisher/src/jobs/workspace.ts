import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

/**
 * The site's source folders a build needs: what the gatsby-* entry files
 * import (gatsby/ the build code, src/ the site, plugins/), what those import
 * from outside themselves (contract/, node-kit/), and static/.
 */
export const SOURCE_DIRS: readonly string[] = ["gatsby", "src", "plugins", "contract", "node-kit", "static"]
/** The site's source files at the top level: package.json, tsconfig.json and gatsby-{config,node,browser,ssr}. */
const SOURCE_FILE = /^(package\.json|tsconfig\.json|gatsby-(config|node|browser|ssr)\.(js|mjs|cjs|jsx|ts|tsx))$/
/** Never copied from inside the source folders: installed or generated, not sources. */
const SKIPPED = new Set(["node_modules", ".cache", "public", ".git"])

export interface WorkspaceRefresh {
  copied: string[]
  removed: string[]
  /** A digest of the sources now in the workspace (every path and its bytes): two workspaces with the same one hold the same code. */
  sources: string
}

/** The top-level entries of `sourceDir` that the workspace mirrors. */
function sourceEntries(sourceDir: string): string[] {
  return fs.readdirSync(sourceDir).filter((name) => SOURCE_FILE.test(name) || SOURCE_DIRS.includes(name))
}

function holds(file: string, content: Buffer): boolean {
  try {
    const stat = fs.statSync(file)
    return stat.isFile() && stat.size === content.length && fs.readFileSync(file).equals(content)
  } catch {
    return false
  }
}

/**
 * Brings the workspace's copy of the site's sources up to date with the
 * project, so a code change deploys with the next build too. Only files
 * whose content differs are written: Gatsby and webpack keep caches keyed by
 * file, and an untouched file keeps them valid. Files gone from the project
 * are removed from the copy; `.cache`, `public/` and anything else the build
 * made outside the mirrored entries stay. `node_modules` is a link to the
 * project's, so the build uses the installed packages without a copy.
 */
export function refreshWorkspace(sourceDir: string, workspaceDir: string): WorkspaceRefresh {
  fs.mkdirSync(workspaceDir, { recursive: true })
  const result = mirrorSources(sourceDir, workspaceDir)
  linkNodeModules(sourceDir, workspaceDir)
  return result
}

/** Whether an earlier build left Gatsby's saved state in the workspace: this build then re-renders only what changed. */
export function hasWarmCache(workspaceDir: string): boolean {
  return fs.existsSync(path.join(workspaceDir, ".cache", "redux"))
}

/** Makes the workspace's copy of the sources the project's, noting what changed and the digest of what is there. */
function mirrorSources(sourceDir: string, workspaceDir: string): WorkspaceRefresh {
  const copied: string[] = []
  const removed: string[] = []
  const digest = crypto.createHash("sha1")
  const entries = sourceEntries(sourceDir)
  const remove = (target: string, relative: string) => {
    fs.rmSync(target, { recursive: true, force: true })
    removed.push(relative)
  }

  const mirror = (relative: string) => {
    const from = path.join(sourceDir, relative)
    const to = path.join(workspaceDir, relative)
    const stat = fs.statSync(from, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) {
      const existing = fs.lstatSync(to, { throwIfNoEntry: false })
      if (existing && !existing.isDirectory()) fs.rmSync(to, { force: true })
      fs.mkdirSync(to, { recursive: true })
      const names = fs
        .readdirSync(from)
        .filter((name) => !SKIPPED.has(name))
        .sort()
      for (const name of names) mirror(path.join(relative, name))
      for (const name of fs.readdirSync(to)) {
        if (SKIPPED.has(name) || names.includes(name)) continue
        remove(path.join(to, name), path.join(relative, name))
      }
    } else if (stat.isFile()) {
      const content = fs.readFileSync(from)
      digest.update(`${relative}\0${content.length}\0`).update(content)
      if (holds(to, content)) return
      const existing = fs.lstatSync(to, { throwIfNoEntry: false })
      if (existing?.isDirectory()) fs.rmSync(to, { recursive: true, force: true })
      fs.writeFileSync(to, content, { mode: stat.mode & 0o777 })
      copied.push(relative)
    }
  }
  for (const entry of entries.sort()) mirror(entry)

  // A top-level source the project no longer has (gatsby-browser.tsx deleted, say).
  for (const name of fs.readdirSync(workspaceDir)) {
    if ((SOURCE_FILE.test(name) || SOURCE_DIRS.includes(name)) && !entries.includes(name)) remove(path.join(workspaceDir, name), name)
  }
  return { copied, removed, sources: digest.digest("hex") }
}

function linkNodeModules(sourceDir: string, workspaceDir: string): void {
  const target = path.join(sourceDir, "node_modules")
  const link = path.join(workspaceDir, "node_modules")
  if (!fs.existsSync(target)) return
  const existing = fs.lstatSync(link, { throwIfNoEntry: false })
  if (existing?.isSymbolicLink() && fs.readlinkSync(link) === target) return
  // A real folder there was put by hand (an install of its own): leave it.
  if (existing && !existing.isSymbolicLink()) return
  if (existing) fs.rmSync(link, { force: true })
  fs.symlinkSync(target, link, "dir")
}
