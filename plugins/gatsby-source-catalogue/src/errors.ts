import type { Reporter } from "gatsby"
import { ERROR_CODES } from "./constants"

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

const explain = (what: string) => (context: { sourceMessage: string }) =>
  `${what}\n\n${context.sourceMessage}\n\nThe build stopped so that the site you already published stays as it is.`

/** The plugin's error map: one entry per way the catalogue can let a build down. */
type ErrorMapEntry = Parameters<Reporter["setErrorMap"]>[0][string]

export const ERROR_MAP: Record<ErrorCode, ErrorMapEntry> = {
  [ERROR_CODES.CatalogueUnreachable]: {
    text: explain("The catalogue API could not be reached. Is CATALOGUE_API_URL right, and is the server running?"),
    level: "ERROR",
    category: "THIRD_PARTY",
  },
  [ERROR_CODES.CatalogueHttpError]: {
    text: explain("The catalogue API answered with an error."),
    level: "ERROR",
    category: "THIRD_PARTY",
  },
  [ERROR_CODES.CatalogueNotJson]: {
    text: explain("The catalogue API did not answer with JSON."),
    level: "ERROR",
    category: "THIRD_PARTY",
  },
  [ERROR_CODES.CatalogueWrongShape]: {
    text: explain("The catalogue API answered JSON of the wrong shape."),
    level: "ERROR",
    category: "THIRD_PARTY",
  },
  [ERROR_CODES.CatalogueTooLarge]: {
    text: explain("The catalogue API answered more than the build reads of one answer (the maxJsonBytes option)."),
    level: "ERROR",
    category: "THIRD_PARTY",
  },
  [ERROR_CODES.CatalogueRefused]: {
    text: explain("The catalogue API redirected the build to a host it does not fetch from, or too many times: the build follows redirects to the configured origins only."),
    level: "ERROR",
    category: "THIRD_PARTY",
  },
}
