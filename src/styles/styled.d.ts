import "styled-components"
import type { Theme } from "./theme"

declare module "styled-components" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- styled-components takes its theme type by declaration merging, which only an interface can do
  export interface DefaultTheme extends Theme {}
}
