import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../node-kit/process/processes"

/** The Strapi project (integrations/strapi/): a package of its own, with its own lock file, outside the root install. */
export const STRAPI_DIR = path.join(PROJECT_ROOT, "integrations", "strapi")

/**
 * One compile into dist/ at a time on this machine, whoever runs it (a test
 * file compiles too): a Strapi starting meanwhile would read half-written files.
 */
export const COMPILE_LOCK = path.join(os.tmpdir(), "catalogue-strapi-tsc.lock")

/** Strapi's command line and the project's compiler, run with the Node that runs this script (the project's own). */
export const COMMANDS = {
  strapi: [process.execPath, path.join(STRAPI_DIR, "node_modules", "@strapi", "strapi", "bin", "strapi.js")],
  tsc: ["flock", COMPILE_LOCK, process.execPath, path.join(STRAPI_DIR, "node_modules", "typescript", "bin", "tsc"), "-p", STRAPI_DIR],
  /** The first admin and the seed (integrations/strapi/src/catalogue/setup/cli.ts), compiled. */
  setup: [process.execPath, path.join(STRAPI_DIR, "dist", "src", "catalogue", "setup", "cli.js")],
} as const

/** The environment every Strapi process of ours gets: no telemetry, no Enterprise trial. */
export const QUIET_STRAPI_ENV = { STRAPI_TELEMETRY_DISABLED: "true", STRAPI_DISABLE_EE: "true" } as const

/**
 * A Strapi workspace: its SQLite database and its public folder (uploads go
 * to `public/uploads`), as DATABASE_FILENAME and STRAPI_PUBLIC_DIR name them.
 */
export interface StrapiWorkspace {
  databaseFile: string
  publicDir: string
}

/** Where `npm run strapi` keeps its database and uploads (both git-ignored): Strapi's own defaults, which `npx strapi develop` there uses too. */
export const LOCAL_WORKSPACE: StrapiWorkspace = { databaseFile: path.join(STRAPI_DIR, ".tmp", "data.db"), publicDir: path.join(STRAPI_DIR, "public") }

/** A workspace of its own in `dir` (a test's). */
export function workspaceIn(dir: string): StrapiWorkspace {
  return { databaseFile: path.join(dir, "data.db"), publicDir: path.join(dir, "public") }
}

/** Strapi's environment for a workspace; makes its uploads folder, which Strapi expects to find. */
export function workspaceEnv(workspace: StrapiWorkspace): NodeJS.ProcessEnv {
  fs.mkdirSync(path.join(workspace.publicDir, "uploads"), { recursive: true })
  fs.mkdirSync(path.dirname(workspace.databaseFile), { recursive: true })
  return { DATABASE_FILENAME: workspace.databaseFile, STRAPI_PUBLIC_DIR: workspace.publicDir }
}
