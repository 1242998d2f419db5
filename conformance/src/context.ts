import type { Crawl } from "./backend/crawl"
import type { CommandOutcome } from "./backend/commands"
import type { Answer, CatalogueApi } from "./backend/http"
import type { ConformanceOptions } from "./options"

/** What every group of checks is handed. */
export interface RunContext {
  api: CatalogueApi
  options: ConformanceOptions
  /** The published catalogue as the kit read it at the start. */
  published: Crawl
  /** Runs --edit, --delete or --draft (given: the caller checks), with its fresh word. */
  run(which: keyof ConformanceOptions["commands"]): Promise<CommandOutcome>
  /**
   * The answer to one POST /subscribe with an address that is not one, asked
   * once and shared (shapes and CORS both read it): a backend limits sign-ups
   * per address, and the kit stores nothing.
   */
  badSubscribe(): Promise<Answer>
  /** How long a command or a delivery may take. */
  deadlineMs: number
}
