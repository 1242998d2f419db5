import type { GatsbyNode } from "gatsby"
import { finishImageWork } from "./images/work"

/** The build is not done until every picture its pages name is in public/. */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  await finishImageWork(reporter)
}
