import path from "node:path"
import sharp from "sharp"
import { artworkSvg } from "../../cms/src/media/pictures"
import { PROJECT_ROOT } from "../../node-kit/process/processes"

/**
 * Draws the home hero's three background pictures into src/images/, where
 * StaticImage picks them up. They are committed; run this only to redraw
 * them (`npx tsx scripts/draw/draw-home-hero.ts`). Original art, no downloads.
 */
async function main(): Promise<void> {
  for (const slide of [1, 2, 3]) {
    const file = path.join(PROJECT_ROOT, "src", "images", `home-hero-${slide}.jpg`)
    await sharp(Buffer.from(artworkSvg(`home-hero-${slide * 7}`)))
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(file)
    process.stdout.write(`${file}\n`)
  }
}

void main()
