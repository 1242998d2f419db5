import type { FastifyInstance } from "fastify"
import type { CatalogueReads } from "../catalogue-reads"

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A self-contained stand-in for the host's embeddable player page. */
export async function playerRoutes(
  app: FastifyInstance,
  options: { reads: CatalogueReads; withdrawnVideos: ReadonlySet<string> },
) {
  const { reads } = options

  app.get<{ Params: { path: string } }>("/player/:path", async (request, reply) => {
    const episode = options.withdrawnVideos.has(request.params.path) ? undefined : reads.episodeByPath(request.params.path)
    if (!episode) return reply.status(404).type("text/html").send("<p>Video not found.</p>")
    const title = escapeHtml(episode.title ?? "Untitled video")
    const poster = episode.images[0]?.path ?? ""
    return reply.type("text/html; charset=utf-8").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>
  html,body{margin:0;height:100%;background:#000;color:#fff;font:16px system-ui,sans-serif}
  .stage{position:relative;height:100%;display:grid;place-items:center;background:#111 center/cover url("${escapeHtml(poster)}")}
  .stage::after{content:"";position:absolute;inset:0;background:rgba(0,0,0,.45)}
  .label{position:relative;z-index:1;text-align:center;padding:1rem}
  .bar{position:absolute;z-index:1;left:0;bottom:0;height:6px;width:100%;background:#e63946;transform-origin:left;animation:play 60s linear infinite}
  @keyframes play{from{transform:scaleX(0)}to{transform:scaleX(1)}}
  @media (prefers-reduced-motion: reduce){.bar{animation:none;transform:scaleX(.3)}}
</style></head>
<body><div class="stage" role="img" aria-label="${title}">
<div class="label"><div style="font-size:3rem" aria-hidden="true">&#9654;</div><p>${title}</p><p>Sample video ${escapeHtml(episode.path)}</p></div>
<div class="bar"></div></div></body></html>`)
  })
}
