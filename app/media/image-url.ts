// Which image URLs a product or a post may point at: one of the bundled artworks, or an upload of
// this shop (each artwork also has a 1200x630 preview at /images/og/products/<key>.jpg). Both come as
// WebP variants '<name>-<width>.webp', each with an AVIF twin, so each yields a srcset.
import type { BundledImage } from '#app/demo/types.ts'
import { IMAGE_WIDTH_PATTERN } from '#app/shared/image-variants.ts'

export const BUNDLED_IMAGES = [
  'cornflakes-sweet-mix',
  'dal-moth-mix',
  'delicious-mixture',
  'double-laung-sev',
  'fiki-barik-sev',
  'gujrati-mixture',
  'khatta-mitha-mixture',
  'navaratan-mixture',
  'ratlami-sev',
  'spicy-mixture',
  'ujjaini-sev',
  'tikhi-bundi',
] as const satisfies readonly BundledImage[]
// Fails to compile when an artwork is added to BundledImage but not here.
const everyBundledImageListed: Exclude<BundledImage, (typeof BUNDLED_IMAGES)[number]> extends never ? true : false =
  true
void everyBundledImageListed

export const UPLOAD_FOLDERS = ['products', 'thumbnails'] as const
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number]

/** The URL the shop stores for a bundled artwork (its 640 px variant). */
export function bundledImageUrl(key: BundledImage): string {
  return `/images/products/${key}-640.webp`
}

const BUNDLED = new RegExp(`^/images/products/([a-z0-9-]+)-(?:${IMAGE_WIDTH_PATTERN})\\.webp$`)
const UPLOADED = new RegExp(`^/uploads/(?:${UPLOAD_FOLDERS.join('|')})/[a-z0-9-]+-(?:${IMAGE_WIDTH_PATTERN})\\.webp$`)

/** The bundled artwork a URL shows (any of its variants), or undefined for anything else. */
export function bundledImageKey(url: string): BundledImage | undefined {
  const key = BUNDLED.exec(url)?.[1]
  return (BUNDLED_IMAGES as readonly string[]).includes(key ?? '') ? (key as BundledImage) : undefined
}

/** True for a bundled artwork's or an upload's variant URL; anything else is refused by the forms. */
export function isShopImageUrl(url: string): boolean {
  return BUNDLED.test(url) ? bundledImageKey(url) !== undefined : UPLOADED.test(url)
}
