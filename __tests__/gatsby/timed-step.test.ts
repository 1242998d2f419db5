import type { Reporter } from "gatsby"
import { timedStep } from "../../gatsby/build-steps/timed-step"

/** A reporter that records what its activities did, in order. */
function recordingReporter() {
  const events: string[] = []
  const reporter = {
    activityTimer: (name: string) => ({
      start: () => events.push(`start ${name}`),
      end: () => events.push(`end ${name}`),
    }),
  } as unknown as Reporter
  return { reporter, events }
}

describe("timedStep", () => {
  it("returns what the step returns, between the start and the end of its activity", async () => {
    const { reporter, events } = recordingReporter()
    const answer = await timedStep(reporter, "Writing the sitemap", async () => {
      events.push("step")
      return 42
    })
    expect(answer).toBe(42)
    expect(events).toEqual(["start Writing the sitemap", "step", "end Writing the sitemap"])
  })

  it("ends the activity and passes the error on when the step fails", async () => {
    const { reporter, events } = recordingReporter()
    await expect(
      timedStep(reporter, "Writing the security headers", () => {
        throw new Error("disk full")
      }),
    ).rejects.toThrow("disk full")
    expect(events).toEqual(["start Writing the security headers", "end Writing the security headers"])
  })
})
