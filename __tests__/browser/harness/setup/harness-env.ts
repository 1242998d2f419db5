/** Environment variables through which the global setup hands addresses to the tests. */
export const HARNESS_ENV = {
  siteUrl: "BROWSER_TEST_SITE_URL",
  /** A file the global setup writes once the site is built and served, or with why not (site-ready.ts waits for it). */
  siteReady: "BROWSER_TEST_SITE_READY",
  cmsOrigin: "BROWSER_TEST_CMS_ORIGIN",
  videoApiToken: "BROWSER_TEST_VIDEO_API_TOKEN",
  cmsAdminToken: "BROWSER_TEST_CMS_ADMIN_TOKEN",
  buildLog: "BROWSER_TEST_BUILD_LOG",
  chromiumArgs: "BROWSER_TEST_CHROMIUM_ARGS",
} as const

/** The suite's build takes about a minute here; one that hangs ends here, with its log's last lines, not at CI's limit. */
export const SUITE_BUILD_DEADLINE_MS = 10 * 60_000

/**
 * The video host's player origin in the built site: the reference player
 * answers under it, through an HTTPS front (vimeo.com is on Chromium's HSTS
 * preload list), and every test browser maps the name to that front.
 */
export const PLAYER_ORIGIN = "https://player.vimeo.com"

/** An episode's player link in the built site: the sample catalogue's video paths are 760 000 000 + the episode's id. */
export const playerUrlOf = (episodeId: number) => `${PLAYER_ORIGIN}/video/${760_000_000 + episodeId}`

/** The Chromium flags of this run: the player's name mapped to the reference server, its certificate trusted. */
export function harnessChromiumArgs(): string[] {
  return JSON.parse(required(HARNESS_ENV.chromiumArgs)) as string[]
}

/**
 * Edits the global setup makes to the fresh sample catalogue before the
 * build, so the built site holds a hostile description and a broken image.
 */
export const CONTENT_EDITS = {
  hostileSeries: {
    // "Studio Diaries" in the sample catalogue.
    path: "series/126",
    fields: {
      description:
        '<p>Rehearsals and bloopers.</p><script>window.__hostile = "script"</script>' +
        '<img src="x" onerror="window.__hostile = \'onerror\'">' +
        "<a href=\"javascript:window.__hostile = 'link'\" onclick=\"window.__hostile = 'click'\">Watch the trailer</a>",
    },
  },
  // "Tap" in the sample catalogue.
  brokenImageSubcategory: { path: "sub-categories/26", fields: { images: ["/media/no-such-image.png"] } },
  // Marketing metadata at its worst that still builds: markup in a title, a
  // description of 5 000 characters, a social image that is JSON, not a picture.
  hostileSeoEpisode: {
    path: "episodes/1003",
    fields: {
      seo: {
        title: '</script><script>window.__hostile = "seo"</script>Stretch <b>Daily</b>',
        description: "Long and winding. ".repeat(280),
        image: { path: "/api/site-settings", alt: "not a picture" },
      },
    },
  },
} as const

/**
 * An episode whose video the global setup takes off the video host before the
 * build ("Live at the Loft", episode 2), so its player lookup fails for real.
 */
export const WITHDRAWN_VIDEO_EPISODE = 1092

function required(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run browser tests through jest so the global setup runs.`)
  return value
}

/** Where the built site and the reference server of this test run listen. */
export function harness() {
  return {
    siteUrl: required(HARNESS_ENV.siteUrl),
    cmsOrigin: required(HARNESS_ENV.cmsOrigin),
    apiUrl: `${required(HARNESS_ENV.cmsOrigin)}/api`,
    videoApiToken: required(HARNESS_ENV.videoApiToken),
    /** The reference server's CMS_ADMIN_TOKEN, for a test that edits or reads subscribers. */
    cmsAdminToken: required(HARNESS_ENV.cmsAdminToken),
    buildLog: required(HARNESS_ENV.buildLog),
  }
}
