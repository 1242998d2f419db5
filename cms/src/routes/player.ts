import type { FastifyInstance } from "fastify"
import { html, type Markup } from "../../../node-kit/html"
import type { CatalogueReads } from "../catalogue-reads"

/** The page's style sheet, around the episode's picture (escaped like any value). */
const style = (poster: string): Markup => html`
  html,body{margin:0;height:100%;background:#000;color:#fff;font:16px system-ui,sans-serif}
  .stage{position:relative;height:100%;display:grid;place-items:center;background:#111 center/cover url("${poster}")}
  .stage::after{content:"";position:absolute;inset:0;background:rgba(0,0,0,.45)}
  .label{position:relative;z-index:1;text-align:center;padding:1rem}
  .bar{position:absolute;z-index:1;left:0;bottom:0;height:6px;width:100%;background:#e63946;transform-origin:left;animation:play 60s linear infinite}
  @keyframes play{from{transform:scaleX(0)}to{transform:scaleX(1)}}
  @media (prefers-reduced-motion: reduce){.bar{animation:none;transform:scaleX(.3)}}
`

/** A self-contained stand-in for the host's embeddable player page; the `html` tag escapes every value in it. */
export async function playerRoutes(
  app: FastifyInstance,
  options: { reads: CatalogueReads; withdrawnVideos: ReadonlySet<string> },
) {
  const { reads } = options

  app.get<{ Params: { path: string } }>("/player/:path", async (request, reply) => {
    const episode = options.withdrawnVideos.has(request.params.path) ? undefined : reads.episodeByPath(request.params.path)
    if (!episode) return reply.status(404).type("text/html").send("<p>Video not found.</p>")
    const title = episode.title ?? "Untitled video"
    const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>${style(episode.images[0]?.path ?? "")}</style></head>
<body><div class="stage" role="img" aria-label="${title}">
<div class="label"><div style="font-size:3rem" aria-hidden="true">&#9654;</div><p>${title}</p><p>Sample video ${episode.path}</p></div>
<div class="bar"></div></div></body></html>`
    return reply.type("text/html; charset=utf-8").send(page.text)
  })
}
