import type { GatsbyNode } from "gatsby"
import { finishImageWork } from "./image-work"
import { saveHeldNodeDigests } from "./node-digests"

/** The build is not done until every picture its pages name is in public/; then the next build may trust this one's node digests. */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  await finishImageWork(reporter)
  await saveHeldNodeDigests()
}
