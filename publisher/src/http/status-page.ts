import { html, raw, type Markup } from "../../../node-kit/http/html"
import { formatSeconds } from "../jobs/failure-reason"
import type { JobView, StatusReport } from "./status"

/** Where the page for editors lives: `_` starts no page path the site makes, so it cannot hide a page. */
export const STATUS_PAGE_PATH = "/_publisher/"
/** Seconds between reloads while something is queued or building. */
const REFRESH_SECONDS = 3
/** Changed pages listed per job; the count says how many more. */
const URLS_SHOWN = 25

function when(iso: string | null, now: number): Markup | string {
  if (!iso) return ""
  const ms = Date.parse(iso)
  const ago = Math.max(0, Math.round((now - ms) / 1000))
  const relative = ago < 90 ? `${ago} s ago` : ago < 90 * 60 ? `${Math.round(ago / 60)} min ago` : `${Math.round(ago / 3600)} h ago`
  return html`<time datetime="${iso}">${iso.replace("T", " ").replace(/\.\d+Z$/, " UTC")}</time> (${relative})`
}

function refsText(job: JobView): Markup | string {
  if (job.webhooks === 0) return job.trigger
  const refs = job.refs.map((ref) => (ref.id === null ? ref.type : `${ref.type} ${ref.id}`))
  const shown = refs.slice(0, 10).join(", ") + (refs.length > 10 ? ` and ${refs.length - 10} more` : "")
  return html`${job.event ?? "publish"} of ${shown || "whatever the changes feed names"} (${job.webhooks} webhook${job.webhooks === 1 ? "" : "s"})`
}

function urlList(urls: string[], total: number, label: string): Markup | string {
  if (urls.length === 0) return ""
  const items = urls.slice(0, URLS_SHOWN).map((url) => html`<li><a href="${url}">${url}</a></li>`)
  const more = total > URLS_SHOWN ? html`<li>and ${total - URLS_SHOWN} more</li>` : ""
  return html`<p>${label}:</p><ul>${items}${more}</ul>`
}

function liveDetails(job: JobView, now: number): Markup[] {
  const changed = job.changedUrlCount ?? job.changedUrls.length
  return [
    html`<p>Live ${when(job.finishedAt, now)} as release <code>${job.releaseId ?? ""}</code>, built in ${formatSeconds(job.durationMs ?? 0)}.</p>`,
    changed === 0 ? html`<p>No page's HTML changed.</p>` : html`${urlList(job.changedUrls, changed, `${changed} page${changed === 1 ? "" : "s"} changed`)}`,
    html`${urlList(job.removedUrls, job.removedUrls.length, "Pages removed")}`,
  ]
}

function jobDetails(job: JobView, now: number): Markup[] {
  const parts: Markup[] = [html`<p class="what">${refsText(job)}</p>`]
  if (job.status === "queued") parts.push(html`<p>Queued ${when(job.queuedAt, now)}.</p>`)
  if (job.status === "building") {
    parts.push(html`<p>Building for ${formatSeconds(job.durationMs ?? 0)}; now at: <strong>${job.phase ?? "starting"}</strong>.</p>`)
  }
  if (job.status === "live") parts.push(...liveDetails(job, now))
  if (job.status === "failed") {
    parts.push(html`<p class="reason">Failed ${when(job.finishedAt, now)}: ${job.reason ?? "no reason recorded"}. The site was not changed.</p>`)
    if (job.logExcerpt) {
      parts.push(html`<details open><summary>The end of the build log</summary><pre>${job.logExcerpt}</pre></details>`)
    }
  }
  if (job.note) parts.push(html`<p class="note">${job.note}</p>`)
  return parts
}

/** The parts one per line, as the page has always been laid out. */
function lines(parts: readonly Markup[]): Markup {
  return html`${parts.map((part, index) => (index === 0 ? part : html`\n${part}`))}`
}

function jobSection(job: JobView, now: number): Markup {
  return html`<section class="job ${job.status}"><h3>Job ${job.id}: <span class="status">${job.status}</span></h3>\n${lines(jobDetails(job, now))}</section>`
}

function jobList(jobs: JobView[], now: number, none: string): Markup {
  return jobs.length > 0 ? lines(jobs.map((job) => jobSection(job, now))) : html`<p>${none}</p>`
}

/**
 * The preview lane under the live one: what editors see of their drafts,
 * built after every live build (a live job stops a preview build and goes
 * first). Its site is on its own port, for signed-in editors.
 */
function previewSection(preview: StatusReport, now: number): Markup {
  const live = preview.live
    ? html`<p>Preview release <code>${preview.live.releaseId}</code>, since ${when(preview.live.since, now)}.</p>`
    : html`<p>No preview yet: its first build has not finished.</p>`
  const activeIds = new Set([preview.building?.id, ...preview.queued.map((job) => job.id)])
  return html`<h2>Preview</h2>
<p>Drafts and published changes together, for signed-in editors on the preview site. The live site's builds go first.</p>
${live}
<h3>Building</h3>
${preview.building ? jobSection(preview.building, now) : html`<p>Nothing is building.</p>`}
<h3>Waiting</h3>
${jobList(preview.queued, now, "Nothing is waiting.")}
<h3>Recent preview jobs</h3>
${jobList(
  preview.recent.filter((job) => !activeIds.has(job.id)),
  now,
  "None yet.",
)}`
}

/** Each CDN in front: what it purged last, and a purge it still owes (a refused one with its error and next try). */
function cdnSection(cdn: NonNullable<StatusReport["cdn"]>, now: number): Markup {
  const what = (purge: { keys: number; all: boolean }) => (purge.all ? "everything" : `${purge.keys} key(s)`)
  const items = cdn.map((one) => {
    const last = one.last
      ? html`last purged ${what(one.last)} for release <code>${one.last.releaseId}</code> ${when(one.last.at, now)}, ${formatSeconds(one.last.tookMs)} after its switch`
      : "nothing purged yet"
    const owed = one.owed
      ? one.owed.lastError
        ? html`<br><span class="reason">Purge for release <code>${one.owed.releaseId}</code> refused ${one.owed.attempts} time(s): ${one.owed.lastError}</span>; tried again ${when(one.owed.nextAttemptAt, now)}. The site is live at the origin; the CDN may serve the release before until then.`
        : html`<br>Purging ${what(one.owed)} for release <code>${one.owed.releaseId}</code>…`
      : ""
    return html`<li><strong>${one.cdn}</strong>: ${last}${owed}</li>`
  })
  return html`<h2>CDN</h2>
<ul>${items}</ul>`
}

const STYLE = `body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; } h3 { font-size: 1rem; margin: 0; }
.job { border: 1px solid #ccc; border-left-width: 6px; border-radius: 4px; padding: .5rem 1rem; margin: .75rem 0; }
.queued { border-left-color: #888; } .building { border-left-color: #0a58ca; } .live { border-left-color: #198754; } .failed { border-left-color: #b02a37; }
.reason { color: #b02a37; font-weight: 600; }
pre { background: #f4f4f4; padding: .5rem; overflow-x: auto; font-size: .8rem; white-space: pre-wrap; }
ul { margin: .25rem 0; }`

/**
 * The status page for editors: what is live and since when, what is building
 * and in which phase, what waits, and what failed and why. Plain HTML with
 * no script; it reloads itself while something is queued or building.
 */
export function renderStatusPage(report: StatusReport): string {
  const now = Date.parse(report.now)
  const active = [report, report.preview].some((lane) => lane && (lane.building !== null || lane.queued.length > 0)) || Boolean(report.cdn?.some((one) => one.owed))
  const live = report.live
    ? html`<p>Release <code>${report.live.releaseId}</code>, live since ${when(report.live.since, now)}${report.live.cause === "rollback" ? " (by a rollback)" : ""}. <a href="/">Open the site</a></p>`
    : html`<p>Nothing is live yet: the first build has not finished.</p>`
  const activeIds = new Set([report.building?.id, ...report.queued.map((job) => job.id)])
  const history = report.recent.filter((job) => !activeIds.has(job.id))
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${active ? html`<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` : ""}
<title>${active ? "Publishing… – " : ""}Site publishing status</title>
<style>
${raw(STYLE)}
</style>
</head>
<body>
<h1>Site publishing status</h1>
<p>Every change in the catalogue is built into a new release of the site and switched live when the build succeeds; a failed build leaves the site as it was.${active ? ` This page reloads every ${REFRESH_SECONDS} s while something is building.` : ""}</p>
<h2>Live now</h2>
${live}
<h2>Building</h2>
${report.building ? jobSection(report.building, now) : html`<p>Nothing is building.</p>`}
<h2>Waiting</h2>
${jobList(report.queued, now, "Nothing is waiting.")}
<h2>Recent jobs</h2>
${jobList(history, now, "None yet.")}
${report.cdn ? cdnSection(report.cdn, now) : ""}
${report.preview ? previewSection(report.preview, now) : ""}
<p><small>Webhooks: ${report.webhooks}. Releases kept: ${report.releases.length}. The same as JSON: <a href="/status">/status</a>.</small></p>
</body>
</html>
`.text
}
