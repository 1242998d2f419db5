// Slick's layout rules only; its theme file pulls in web fonts and a GIF we do not use.
// Our copy of them: the package's file carries an invalid `cursor: hand` (see the file).
import "./src/styles/slick.css"

export { wrapPageElement, wrapRootElement } from "./src/styles/wrap-element"

/**
 * Marks the document once React has taken over the server's HTML: styles and
 * the browser tests can tell a page whose controls answer from one still
 * waiting for its scripts, without guessing from the network.
 */
export const onInitialClientRender = () => {
  document.documentElement.dataset.hydrated = ""
}
