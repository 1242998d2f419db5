// Slick's layout rules only; its theme file pulls in web fonts and a GIF we do not use.
import "slick-carousel/slick/slick.css"

export { wrapPageElement, wrapRootElement } from "./src/styles/wrap-element"
