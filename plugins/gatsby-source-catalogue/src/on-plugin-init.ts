import type { GatsbyNode } from "gatsby"
import { ERROR_MAP } from "./errors"

export const onPluginInit: GatsbyNode["onPluginInit"] = ({ reporter }) => {
  reporter.setErrorMap(ERROR_MAP)
}
