/** What every slot says of its box and files. */
interface SlotBox {
  /** The box's proportions; null: the picture's own (cover-cropped by CSS either way). */
  aspectRatio: number | null
  /** Widths of the files made for this slot, in px, smallest first. */
  widths: readonly number[]
  /** The `sizes` attribute; the picture's own width:height ratio matters where CSS crops it to cover a taller box. */
  sizes: (pictureRatio: number) => string
}

/**
 * One place the site shows a catalogue picture, and the widths made for it.
 * The site gives its slots as the `imageSlots` option (its own
 * src/styles/image-slots.ts), since only it knows its CSS boxes; the schema's
 * `CatalogueImageSlot` enum lists their names.
 */
export type ImageSlot =
  | (SlotBox & {
      layout: "constrained"
      /** The largest CSS width the box reaches. */
      width: number
    })
  | (SlotBox & { layout: "fullWidth" })

/** The plugin's image slot options: the slots by name, and which slots show each kind of entity's pictures. */
export interface ImageSlotOptions {
  imageSlots: Readonly<Record<string, ImageSlot>>
  /** By entity kind ("episode", "featured", "site-settings", …): the names of the slots its pictures appear in. */
  imageSlotOwners: Readonly<Record<string, readonly string[]>>
}

/** The slots of a picture from the entities that show it ("episode 12", "featured 5", …); an unknown kind gets every slot. */
export function slotsOfOwners(owners: readonly string[], { imageSlots, imageSlotOwners }: ImageSlotOptions): ImageSlot[] {
  const names = new Set<string>()
  for (const owner of owners) for (const name of imageSlotOwners[owner.split(" ")[0] ?? ""] ?? Object.keys(imageSlots)) names.add(name)
  return [...names].flatMap((name) => (imageSlots[name] ? [imageSlots[name]] : []))
}

/** The picture a shared link shows: what Open Graph and X cards ask for, in JPEG, which every crawler reads. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const

/**
 * The format of displayed pictures: WebP only. Every browser in use decodes
 * it (Safari since 14, 2020), it is 10–48 % smaller than JPEG at the same
 * quality here, and one format halves the files a fallback would double.
 * AVIF is 40–60 times slower to encode (README "Image slots").
 */
export const DISPLAY_FORMAT = "webp" as const
