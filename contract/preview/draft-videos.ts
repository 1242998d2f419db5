/**
 * The header in which the preview lane's build sends CATALOGUE_PREVIEW_TOKEN
 * to a video host on the catalogue's own origin (the reference server's
 * stand-in), beside the host's own `Authorization: Bearer {VIDEO_API_TOKEN}`:
 * with it the stand-in also finds the videos of episodes that only drafts
 * have. An addition to the contract, as the draft view is the catalogue's
 * and a real video host knows nothing of it: the plugin never sends it to
 * another origin (nor does a redirect carry it there).
 */
export const PREVIEW_TOKEN_HEADER = "catalogue-preview-token"

/**
 * The query parameter of a draft episode's player link that opens its
 * player page (Vimeo's unlisted videos take `h` the same way): the page is
 * loaded by the editor's browser, which never holds the preview token.
 */
export const DRAFT_PLAYER_KEY_PARAM = "h"
