// How a link names a moment of an episode: `t` in the page's query
// (`/detail/12/?t=90`), as the video host's own links do. The episode page
// reads it twice: its head script moves the play link before the page's
// JavaScript arrives (inline-scripts.ts), and React after (src/playback/moment.ts).

/** `90`, or `90s`, `1m30s`, `1h2m3s` (any of the parts); at most a few digits each, so no huge number is read. */
export const MOMENT_FORM = /^(?:(\d{1,6})|(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?)$/i

/**
 * Marks the episode page's play link, the one `t` moves, with the video's
 * length in whole seconds ("" when unknown): a moment at or past the end is
 * no moment (parseMoment).
 */
export const PLAY_LINK_LENGTH_ATTRIBUTE = "data-video-seconds"
