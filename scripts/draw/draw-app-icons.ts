import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { theme } from "../../src/styles/theme"
import { PROJECT_ROOT } from "../../node-kit/process/processes"

/**
 * Draws the web app manifest's icons into static/icons/ from the brand mark
 * (the accent square with the play triangle of brand-logo.tsx). They are
 * committed: gatsby-plugin-manifest's own `icon` option resizes with the
 * sharp 0.32 it asks for, which does not install here, so the manifest lists
 * these files instead. Run this only to redraw them
 * (`npx tsx scripts/draw/draw-app-icons.ts`).
 */

/** The mark on a transparent square, rounded like the favicon: for "any" purpose. */
function markSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${theme.colors.accent}"/>
  <path d="M24 18v28l22-14z" fill="${theme.colors.accentText}"/>
</svg>`
}

/**
 * Maskable: the launcher crops to any shape inside the square, keeping at
 * least the centre circle of 80 % diameter, so the background runs to every
 * edge and the triangle sits well inside that circle.
 */
function maskableSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${theme.colors.accent}"/>
  <path d="M26 21v22l17-11z" fill="${theme.colors.accentText}"/>
</svg>`
}

const ICONS = [
  { file: "icon-192.png", size: 192, svg: markSvg },
  { file: "icon-512.png", size: 512, svg: markSvg },
  { file: "icon-maskable-512.png", size: 512, svg: maskableSvg },
] as const

async function main(): Promise<void> {
  const folder = path.join(PROJECT_ROOT, "static", "icons")
  fs.mkdirSync(folder, { recursive: true })
  for (const icon of ICONS) {
    const file = path.join(folder, icon.file)
    await sharp(Buffer.from(icon.svg(icon.size)))
      .png({ compressionLevel: 9, palette: true })
      .toFile(file)
    process.stdout.write(`${file}\n`)
  }
}

void main()
