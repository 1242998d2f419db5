import child_process from "node:child_process"
import { cpuCoreCount } from "gatsby-core-utils"

// patches/gatsby-core-utils+4.16.0.patch: Gatsby calls cpuCoreCount() five and more times a build, and each
// call counted the physical cores again with a shell pipeline run synchronously on the build's main thread.
describe("cpuCoreCount", () => {
  it("counts the physical cores once per process, however often it is asked", () => {
    const execSync = jest.spyOn(child_process, "execSync")
    const counts = Array.from({ length: 5 }, () => cpuCoreCount(true))
    expect(new Set(counts).size).toBe(1)
    expect(counts[0]).toBeGreaterThan(0)
    expect(execSync.mock.calls.length).toBeLessThanOrEqual(1)
    execSync.mockRestore()
  })
})

describe("cpuCoreCount with GATSBY_CPU_COUNT", () => {
  const given = process.env.GATSBY_CPU_COUNT
  afterEach(() => {
    if (given === undefined) delete process.env.GATSBY_CPU_COUNT
    else process.env.GATSBY_CPU_COUNT = given
    jest.restoreAllMocks()
  })

  /** A fresh copy of the module, so no count from an earlier test stands in. */
  const freshCount = (ignoreEnvVar?: boolean) => {
    let count = 0
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module in jest.isolateModules, as a new build process loads it
      count = (require("gatsby-core-utils") as typeof import("gatsby-core-utils")).cpuCoreCount(ignoreEnvVar)
    })
    return count
  }

  it("answers the number it names without counting the physical cores", () => {
    const execSync = jest.spyOn(child_process, "execSync")
    process.env.GATSBY_CPU_COUNT = "3"
    expect(freshCount()).toBe(3)
    expect(execSync).not.toHaveBeenCalled()
  })

  it("still counts the physical cores when asked to, or when the variable names no number", () => {
    const execSync = jest.spyOn(child_process, "execSync")
    process.env.GATSBY_CPU_COUNT = "3"
    const physical = freshCount(true)
    expect(physical).toBeGreaterThan(0)
    process.env.GATSBY_CPU_COUNT = "physical_cores"
    expect(freshCount()).toBe(physical)
    expect(execSync).toHaveBeenCalled()
  })
})
