// Slick's layout rules only; its theme file pulls in web fonts and a GIF we do not use.
// Our copy of them: the package's file carries an invalid `cursor: hand` (see the file).
import "./src/styles/slick.css"

export { wrapPageElement, wrapRootElement } from "./src/styles/wrap-element"
