import { imageUrl } from "../../../../contract/image-url"
import type { ApiImage, ApiSeo } from "../../../../contract/schemas"
import { addTo } from "../lists"
import { servedBy, type ImageFile, type ImageService } from "./probe"
import type { CatalogueSnapshot } from "../types"

/**
 * Every image URL the pages show, with the entities that show it: `users`
 * in words for warnings, `owners` as the delta read names entities
 * ("episode 12"), to know whose images to fetch again.
 */
function imageUsers(snapshot: CatalogueSnapshot, apiUrl: string, allows: (url: string) => boolean): { users: Map<string, string[]>; owners: Map<string, string[]> } {
  const users = new Map<string, string[]>()
  const owners = new Map<string, string[]>()
  const add = (images: ApiImage[] | null | undefined, label: string) => {
    const owner = /^(category|subcategory|series|episode) \S+/.exec(label)?.[0] ?? (label.startsWith("featured item ") ? `featured ${label.split(" ")[2]}` : "site-settings null")
    for (const image of images ?? []) {
      const url = imageUrl(image, apiUrl)
      if (!url || !allows(url)) continue
      addTo(users, url, label)
      addTo(owners, url, owner)
    }
  }
  /** An entity's pictures, and its social image named by its field so a broken one says where to fix it. */
  const addEntity = (entity: { images?: ApiImage[] | null; seo?: ApiSeo | null }, label: string) => {
    add(entity.images, label)
    if (entity.seo?.image) add([entity.seo.image], `${label} (seo.image)`)
  }
  snapshot.categories.forEach(({ category: c }) => addEntity(c, `category ${c.id}`))
  snapshot.subcategories.forEach(({ subcategory: s }) => addEntity(s, `subcategory ${s.id}`))
  snapshot.series.forEach(({ series: s }) => addEntity(s, `series ${s.id}`))
  snapshot.episodes.forEach(({ episode: e }) => addEntity(e, `episode ${e.id}`))
  snapshot.featuredItems.forEach((f) => add(f.images, `featured item ${f.id}`))
  const settings = snapshot.siteSettings
  if (settings?.default_image) add([settings.default_image], "site settings (default_image)")
  if (settings?.organization?.logo) add([settings.organization.logo], "site settings (organization.logo)")
  return { users, owners }
}

/** Which images this build fetches, and which it keeps from the last one. */
export interface ImageFetchPlan {
  /** The entities that use each URL, in words. */
  usedBy: Map<string, string[]>
  /** The entities that show each URL ("episode 12"). */
  owners: Map<string, string[]>
  toFetch: Set<string>
  /** This build's images: those fetched now, and the last build's probes of the rest. */
  images(fetched: Map<string, ImageFile>): Map<string, ImageFile>
}

/**
 * Image freshness. Images already probed are kept; those of entities read
 * again are asked again (the bytes may have changed at the same URL), and so
 * is a probe from before placeholder colours were read or from the other
 * image mode. After a full read (`touched` undefined) every image is asked.
 */
export function planImageFetch(args: {
  snapshot: CatalogueSnapshot
  apiUrl: string
  imageService: ImageService | undefined
  /** Whether the build may fetch a URL: one it may not is left out of the pages, as a broken one is. */
  allows: (url: string) => boolean
  /** The last build's probes. */
  previous: ImageFile[]
  /** The entities the delta read read again or removed ("episode 12"). */
  touched: Set<string> | undefined
}): ImageFetchPlan {
  const { users: usedBy, owners } = imageUsers(args.snapshot, args.apiUrl, args.allows)
  const known = new Map((args.touched ? args.previous : []).map((file) => [file.url, file]))
  const stale = (url: string) => {
    const file = known.get(url)
    return file?.placeholderColor === undefined || !file.sourceFile !== !!servedBy(args.imageService, url)
  }
  const toFetch = new Set([...usedBy.keys()].filter((url) => stale(url) || (owners.get(url) ?? []).some((owner) => args.touched?.has(owner))))
  return {
    usedBy,
    owners,
    toFetch,
    images: (fetched) =>
      new Map(
        [...usedBy.keys()].flatMap((url): [string, ImageFile][] => {
          const file = fetched.get(url) ?? (toFetch.has(url) ? undefined : known.get(url))
          return file ? [[url, file]] : []
        }),
      ),
  }
}
