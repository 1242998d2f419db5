/** Removes terminal escape sequences: Gatsby moves the cursor even when its output is a pipe. */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex -- terminal escape sequences start with ESC
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[@-_]/g, "")
}

/**
 * The phases of `gatsby build`, in order, each with the line that ends it.
 * Piped into a file or another process, Gatsby prints an activity only when
 * it ends ("success createPages - 0.207s"), so the phase under way is the
 * one after the last that ended. The names are Gatsby's own, as an editor
 * sees them in a build log.
 */
/** The phase after the browser bundle: by then a cold build has loaded most of the packages a build loads. */
export const RENDERER_PHASE = "Building HTML renderer"

const PHASES: { name: string; ends: RegExp }[] = [
  { name: "starting (config, plugins, cache)", ends: /^success (createSchemaCustomization|onPreBootstrap)\b/ },
  { name: "source and transform nodes", ends: /^success source and transform nodes\b/ },
  { name: "building schema", ends: /^success building schema\b/ },
  { name: "createPages", ends: /^success createPages(Statefully)?\b/ },
  { name: "extract queries from components", ends: /^success extract queries from components\b/ },
  { name: "Building production JavaScript and CSS bundles", ends: /^success Building production JavaScript and CSS bundles\b/ },
  { name: RENDERER_PHASE, ends: /^success Building HTML renderer\b/ },
  { name: "run queries", ends: /^success run (page |static )?queries\b/ },
  { name: "Writing page-data.json files", ends: /^success Writing page-data\.json\b/ },
  { name: "Building static HTML for pages", ends: /^success Building static HTML for pages\b/ },
  { name: "onPostBuild", ends: /^success onPostBuild\b/ },
]
const FINISHING = "finishing"

/** Follows a build's output lines and says which phase it is in. */
export class BuildPhaseTracker {
  private index = 0

  get phase(): string {
    return PHASES[this.index]?.name ?? FINISHING
  }

  /** Reads one output line (escapes already stripped); true when the phase changed. */
  update(line: string): boolean {
    const text = line.trim()
    // Only forward: "success createPages" may be followed by "success createPagesStatefully".
    for (let next = this.index; next < PHASES.length; next++) {
      if (PHASES[next]?.ends.test(text)) {
        this.index = next + 1
        return true
      }
    }
    return false
  }
}
