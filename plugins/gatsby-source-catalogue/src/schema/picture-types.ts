import { NODE_TYPES } from "../constants"

/**
 * The picture types. Images implement Gatsby's RemoteFile (its `resize`
 * serves the one-off logo); the pages' pictures come from `picture(slot)` and
 * `social` (create-resolvers.ts), the slots being the site's `imageSlots`.
 */
export const pictureTypes = (slotNames: readonly string[]) => `
    type ${NODE_TYPES.Image} implements Node & RemoteFile @dontInfer {
      url: String!
      filename: String!
      mimeType: String!
      width: Int!
      height: Int!
      filesize: Int
      "Dominant colour (#rrggbb), shown in the picture's box until it loads."
      placeholderColor: String
    }

    "Where the site shows a catalogue picture; each slot names the widths made for it (the site's imageSlots option, src/styles/image-slots.ts)."
    enum CatalogueImageSlot {
      ${slotNames.join("\n      ")}
    }

    "A picture at one size, such as the social image."
    type CatalogueImageFile {
      src: String!
      width: Int!
      height: Int!
    }
`
