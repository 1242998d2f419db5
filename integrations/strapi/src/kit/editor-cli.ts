/**
 * `node dist/src/kit/editor-cli.js sign-in|edit|delete|draft`: the edits the
 * conformance kit asks a backend's author for (`npm run check-catalogue --
 * URL --edit CMD --delete CMD --draft CMD`), made through Strapi's content
 * manager as the admin panel's clicks make them, so the kit sees what an
 * editor's work does: the changes feed, the tombstone and the signed webhook.
 *
 * It reads STRAPI_URL (default http://127.0.0.1:1337) and an admin's JWT in
 * STRAPI_ADMIN_TOKEN, which `sign-in` prints from STRAPI_ADMIN_EMAIL and
 * STRAPI_ADMIN_PASSWORD: Strapi allows five sign-ins in five minutes, and a
 * kit run makes three edits. Each edit puts the kit's fresh word
 * (CATALOGUE_CHECK_WORD) in the title it writes.
 *
 * The ids are the seeded sample's: episode 1001 and series 101.
 */

const EPISODE = "api::episode.episode"
const SERIES = "api::series.series"

const origin = (process.env.STRAPI_URL ?? "http://127.0.0.1:1337").replace(/\/+$/, "")
const word = process.env.CATALOGUE_CHECK_WORD ?? `edit${Date.now()}`

class Refused extends Error {}

/** What the admin API answers, as far as these commands read it. */
interface Answer {
  data: { token: string; documentId: string }
}

async function call(method: string, path: string, body?: unknown, token = process.env.STRAPI_ADMIN_TOKEN): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" }
  if (token) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = await response.json().catch(() => undefined)
  if (!response.ok) throw new Refused(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)?.slice(0, 300)}`)
  return json
}

const documentPath = (uid: string, id = "") => `/content-manager/collection-types/${uid}${id ? `/${id}` : ""}`

async function signIn(): Promise<void> {
  const { STRAPI_ADMIN_EMAIL: email, STRAPI_ADMIN_PASSWORD: password } = process.env
  if (!email || !password) throw new Refused("sign-in needs STRAPI_ADMIN_EMAIL and STRAPI_ADMIN_PASSWORD")
  const answer = await call("POST", "/admin/login", { email, password }, "")
  process.stdout.write(`${answer.data.token}\n`)
}

/** Retitles episode 1001 and publishes it: the Publish click after a change. */
async function edit(): Promise<void> {
  await call("PUT", documentPath(EPISODE, "1001"), { title: `Edited ${word}` })
  await call("POST", `${documentPath(EPISODE, "1001")}/actions/publish`, {})
}

/** Makes a published episode of series 101 and deletes it, so every run has one of its own to delete. */
async function remove(): Promise<void> {
  const made = await call("POST", documentPath(EPISODE), { title: `Doomed ${word}`, episode: 99, video_path: `9${Date.now()}`, series: { connect: [{ documentId: "101" }] } })
  const id = made.data.documentId
  await call("POST", `${documentPath(EPISODE, id)}/actions/publish`, {})
  await call("DELETE", documentPath(EPISODE, id))
}

/** Saves a draft of series 101 with a new title: the draft view shows it, nothing else does. */
async function draft(): Promise<void> {
  await call("PUT", documentPath(SERIES, "101"), { title: `Draft ${word}` })
}

const COMMANDS: Record<string, () => Promise<void>> = { "sign-in": signIn, edit, delete: remove, draft }

const command = COMMANDS[process.argv[2] ?? ""]
if (!command) {
  process.stderr.write("Usage: node dist/src/kit/editor-cli.js sign-in|edit|delete|draft\n")
  process.exit(2)
}
command().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  if (!process.env.STRAPI_ADMIN_TOKEN && process.argv[2] !== "sign-in") process.stderr.write("Set STRAPI_ADMIN_TOKEN: the output of `node dist/src/kit/editor-cli.js sign-in`.\n")
  process.exit(1)
})

// A module, not a script: its names stay its own.
export {}
