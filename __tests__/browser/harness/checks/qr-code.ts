import jsQR from "jsqr"
import sharp from "sharp"
import type { Locator } from "playwright-core"

/**
 * The text of the QR code drawn in `picture`, read from its pixels as a
 * camera would see the screen: a screenshot of the element, decoded by jsQR
 * (a reader of its own, not the library that drew it). Fails when no code is found.
 */
export async function readQrCode(picture: Locator): Promise<string> {
  const { data, info } = await sharp(await picture.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
  if (!code) throw new Error(`No QR code could be read in the ${info.width} × ${info.height} px picture`)
  return code.data
}
