import { html, raw, type Markup } from "../../../node-kit/http/html"
import { hashSource } from "../../../node-kit/security/inline-code"
import { PLAYER_PAGE_SCRIPT } from "./player-page-script"

/** The page's style sheet: the same text on every page, so that one hash in the CSP allows it. */
const PLAYER_PAGE_STYLE = `
html,body{margin:0;height:100%;background:#000;color:#fff;font:16px system-ui,sans-serif}
.stage{position:relative;height:100%;box-sizing:border-box;padding-bottom:3.4rem;display:grid;place-items:center;overflow:hidden;background:#111}
.poster{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.stage::after{content:"";position:absolute;inset:0;background:rgba(0,0,0,.45)}
.label{position:relative;z-index:1;text-align:center;padding:0 1rem}
.glyph{font-size:3rem}
@media (max-height:260px){.glyph{font-size:2rem}.label p{margin:.3rem 0}}
.progress{position:absolute;z-index:1;left:0;right:0;bottom:3rem;height:6px;background:rgba(255,255,255,.25)}
.bar{height:100%;background:#e63946;transform-origin:left;transform:scaleX(0)}
.controls{position:absolute;z-index:1;left:0;right:0;bottom:0;height:3rem;box-sizing:border-box;display:flex;gap:.75rem;align-items:center;padding:0 .75rem;background:rgba(0,0,0,.75)}
.controls button{font:inherit;min-width:5.5rem;min-height:2rem;padding:.25rem .75rem;border:1px solid #fff;border-radius:4px;background:#c1121f;color:#fff;cursor:pointer}
.controls input{flex:1;min-width:0;margin:0;accent-color:#e63946}
.time{font-variant-numeric:tabular-nums;white-space:nowrap}
:focus-visible{outline:3px solid #ffd166;outline-offset:2px}
@media (prefers-reduced-motion: reduce){*{animation:none!important;transition:none!important}}
`

/** What a player page shows: all of it escaped where it is written. */
export interface PlayerPageVideo {
  title: string
  /** The video's path on the host (`760000001`), shown on the page. */
  path: string
  videoId: number
  /** Seconds: the same as the host's API answers (videoDuration). */
  duration: number
  /** The poster picture's URL, relative to the page or absolute; none: a dark stage. */
  poster?: string
}

/**
 * The page's Content-Security-Policy: its one inline script and one style
 * sheet by hash (never 'unsafe-inline'), pictures from the page's own origin
 * (and an absolute poster's), nothing else fetched. No frame-ancestors: a
 * player is made to be embedded by any site.
 */
function playerPagePolicy(poster: string | undefined): string {
  const posterOrigin = poster && /^https?:\/\//i.test(poster) ? ` ${new URL(poster).origin}` : ""
  return [
    "default-src 'none'",
    `script-src ${hashSource(PLAYER_PAGE_SCRIPT)}`,
    `style-src ${hashSource(PLAYER_PAGE_STYLE)}`,
    `img-src 'self'${posterOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ")
}

/** A stand-in for the host's embeddable player page, and the CSP to send with it. */
export function playerPage(video: PlayerPageVideo): { markup: Markup; contentSecurityPolicy: string } {
  const markup = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${video.title}</title>
<style>${raw(PLAYER_PAGE_STYLE)}</style></head>
<body><main class="stage" id="player" data-duration="${video.duration}" data-video-id="${video.videoId}">
${video.poster ? html`<img class="poster" src="${video.poster}" alt="">` : ""}
<div class="label"><div class="glyph" aria-hidden="true">&#9654;</div><p>${video.title}</p><p>Sample video ${video.path}</p></div>
<div class="progress" aria-hidden="true"><div class="bar" id="progress"></div></div>
<div class="controls" role="group" aria-label="Player controls">
<button type="button" id="play">Play</button>
<input type="range" id="seek" aria-label="Seek" min="0" max="${video.duration}" step="1" value="0">
<span class="time" id="time"></span>
</div></main>
<script>${raw(PLAYER_PAGE_SCRIPT)}</script></body></html>`
  return { markup, contentSecurityPolicy: playerPagePolicy(video.poster) }
}
