import { hashSource } from "../../../../node-kit/security/inline-code"
import { html, raw } from "../../../../node-kit/http/html"

export const SIGN_IN_PATH = "/_preview/sign-in"
export const SIGN_OUT_PATH = "/_preview/sign-out"

const STYLE = `body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.5rem; } label { display: block; font-weight: 600; margin-top: 1rem; }
input { font: inherit; width: 100%; box-sizing: border-box; padding: .6rem; border: 2px solid #555; border-radius: 4px; }
input:focus { outline: 3px solid #0a58ca; outline-offset: 2px; }
button { font: inherit; font-weight: 600; margin-top: 1rem; min-height: 2.75rem; padding: .5rem 1.25rem; border: 0; border-radius: 4px; background: #0a58ca; color: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #1d1d1f; outline-offset: 2px; }
.error { color: #b02a37; font-weight: 600; }`

/**
 * The preview site's sign-in: a plain form (no script, so it works before and
 * without any), posting the token in the body, never in a URL that would
 * stay in the history. `next` is where the editor was going.
 */
export function renderSignInPage(options: { next: string; error?: string }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Sign in to the preview</title>
<style>
${raw(STYLE)}
</style>
</head>
<body>
<main>
<h1>Sign in to the preview</h1>
<p>The preview shows the catalogue's drafts before anyone else sees them: it is for the site's editors only.</p>
${options.error ? html`<p class="error" id="sign-in-error" role="alert">${options.error}</p>` : ""}
<form method="post" action="${SIGN_IN_PATH}">
<input type="hidden" name="next" value="${options.next}">
<label for="token">Preview sign-in token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required${options.error ? raw(' aria-invalid="true" aria-describedby="sign-in-error"') : ""}>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`.text
}

/** No script, nothing from outside, its one style sheet by hash (the element's text, as rendered), and its form posting only here. */
export function signInPagePolicy(page: string): string {
  const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? ""
  return `default-src 'none'; style-src ${hashSource(style)}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`
}
