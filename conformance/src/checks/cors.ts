import type { RunContext } from "../context"
import { describeAnswer, type Answer } from "../backend/http"
import { skip, verdict, type CheckResult } from "../results/results"

// catalogue-api.md: "The browser calls only /search and /subscribe [...] Both
// must answer CORS requests from the site's origin." Checked as a browser
// asks: a GET with Origin, and the preflight a JSON POST needs.

const GROUP = "cors"

/** Whether Access-Control-Allow-Origin lets the site's page read the answer. */
function allowsOrigin(answer: Answer, origin: string): string[] {
  const allowed = answer.headers.get("access-control-allow-origin")
  if (allowed === origin || allowed === "*") return []
  return [`${describeAnswer(answer)} with Access-Control-Allow-Origin: ${allowed ?? "(none)"}, for Origin: ${origin}`]
}

async function searchRow(context: RunContext): Promise<CheckResult> {
  const origin = context.options.siteOrigin
  const answer = await context.api.get(`/search?q=${encodeURIComponent(context.published.searchWord ?? "the")}`, { headers: { origin } })
  return verdict(
    GROUP,
    "CORS: GET /search",
    answer.status === 0 ? [describeAnswer(answer)] : allowsOrigin(answer, origin),
    `answer GET /search with Access-Control-Allow-Origin: ${origin} (or *): visitors' browsers search from the site's pages`,
  )
}

/**
 * The preflight of the Subscribe form's JSON POST. POST itself is a method
 * CORS always allows, so Access-Control-Allow-Methods may leave it out; the
 * Content-Type header may not be left out of Access-Control-Allow-Headers.
 */
async function preflightRow(context: RunContext): Promise<CheckResult> {
  const origin = context.options.siteOrigin
  const answer = await context.api.request("/subscribe", {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
  })
  const headers = (answer.headers.get("access-control-allow-headers") ?? "")
    .toLowerCase()
    .split(",")
    .map((name) => name.trim())
  const problems =
    answer.status < 200 || answer.status > 299
      ? [`${describeAnswer(answer)}, not 2xx, to the preflight of a POST from ${origin}`]
      : [
          ...allowsOrigin(answer, origin),
          ...(headers.includes("content-type") || headers.includes("*")
            ? []
            : [`${describeAnswer(answer)} with Access-Control-Allow-Headers: ${answer.headers.get("access-control-allow-headers") ?? "(none)"}, without content-type`]),
        ]
  return verdict(
    GROUP,
    "CORS: OPTIONS /subscribe (preflight)",
    problems,
    `answer OPTIONS /subscribe from ${origin} with 204, Access-Control-Allow-Origin: ${origin} and Access-Control-Allow-Headers: content-type: the Subscribe form posts JSON`,
  )
}

/** The POST's own answer must carry CORS too, or the page cannot read the message. */
async function postRow(context: RunContext): Promise<CheckResult> {
  const check = "CORS: POST /subscribe answer"
  const answer = await context.badSubscribe()
  if (answer.status === 429) return skip(GROUP, check, `${describeAnswer(answer)}: too many sign-ups from this address; run again later`)
  const problems = answer.status === 0 ? [describeAnswer(answer)] : allowsOrigin(answer, context.options.siteOrigin)
  return verdict(GROUP, check, problems, "answer POST /subscribe (errors too) with Access-Control-Allow-Origin for the site, or the form cannot show the message")
}

export async function checkCors(context: RunContext): Promise<CheckResult[]> {
  return [await searchRow(context), await preflightRow(context), await postRow(context)]
}
