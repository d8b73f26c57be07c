// The shop's images come in widths 320, 640, 800 and 960 named '<name>-<width>.webp' (bundled
// artwork and uploads alike), each beside an AVIF twin '<name>-<width>.avif' of about half its bytes,
// so any of them yields a srcset in either format. 800 is what a 360-412 px phone needs for a picture
// the width of its screen at two device pixels per CSS pixel (the product page's).
export const IMAGE_WIDTHS = [320, 640, 800, 960] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

/** The formats each width is stored in: WebP, which every browser the shop serves shows, and AVIF. */
export const VARIANT_FORMATS = ['webp', 'avif'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]

/** The widths as a regular-expression alternation: '320|640|800|960'. */
export const IMAGE_WIDTH_PATTERN = IMAGE_WIDTHS.join('|')

const VARIANT = new RegExp(`^(.*)-(?:${IMAGE_WIDTH_PATTERN})\\.webp$`)

/** The srcset of an image named by one of its WebP variants, in the format asked for. */
export function srcSetFor(src: string, format: VariantFormat = 'webp'): string | undefined {
  const match = VARIANT.exec(src)
  if (!match) return undefined
  return IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.${format} ${width}w`).join(', ')
}
