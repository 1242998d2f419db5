/** Environment variables through which the global setup hands addresses to the tests. */
export const HARNESS_ENV = {
  siteUrl: "BROWSER_TEST_SITE_URL",
  cmsOrigin: "BROWSER_TEST_CMS_ORIGIN",
  videoApiToken: "BROWSER_TEST_VIDEO_API_TOKEN",
} as const

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
  }
}
