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
