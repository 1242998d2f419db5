import { CHECK_WORD_VARIABLE } from "../../../conformance/src/backend/commands"
import { TEST_ADMIN_TOKEN } from "../../cms/helpers/test-server"

// The --edit, --delete and --draft commands a backend's author would write
// for the reference server: shell commands that call its admin API. Each is
// `node -e` with fetch (no curl needed, so they run wherever the project does)
// and puts the kit's fresh word ($CATALOGUE_CHECK_WORD) in the title it writes.

/** A word in single quotes for a POSIX shell. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** `node -e <script>`, the script calling the admin API at `origin` and exiting 1 (its reason on stderr) when an answer is not the one wanted. */
function nodeCommand(origin: string, body: string): string {
  const script = `
const O = ${JSON.stringify(origin)}, word = process.env.${CHECK_WORD_VARIABLE};
const authorization = ${JSON.stringify(`Bearer ${TEST_ADMIN_TOKEN}`)};
const call = async (method, path, fields, wanted) => {
  const json = fields === undefined ? {} : { headers: { authorization, "content-type": "application/json" }, body: JSON.stringify(fields) };
  const answer = await fetch(O + "/admin/" + path, { method, headers: { authorization }, ...json });
  if (answer.status !== wanted) throw new Error(method + " /admin/" + path + " answered " + answer.status + ": " + (await answer.text()));
  return answer.status === 204 ? null : answer.json();
};
(async () => { ${body} })().catch((error) => { console.error(error.message); process.exit(1); });`
  return `${quoted(process.execPath)} -e ${quoted(script)}`
}

/** The three commands for the reference server at `origin`. */
export function adminCommands(origin: string) {
  return {
    /** Retitles episode 1001: a published edit. */
    edit: nodeCommand(origin, `await call("PATCH", "episodes/1001", { title: "Edited " + word }, 200);`),
    /** Adds an episode to series 101 and deletes it, so every run has one of its own to delete. */
    delete: nodeCommand(
      origin,
      `const made = await call("POST", "episodes", { series_id: 101, path: "9" + Date.now(), title: "Doomed " + word }, 201);
       await call("DELETE", "episodes/" + made.data.id, undefined, 204);`,
    ),
    /** Saves a draft of series 101 with a new title: the draft view shows it, nothing else does. */
    draft: nodeCommand(origin, `await call("PATCH", "drafts/series/101", { title: "Draft " + word }, 200);`),
  }
}
