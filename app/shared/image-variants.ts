// The shop's images come in widths 320, 640, 800 and 960 named '<name>-<width>.webp' (bundled
// artwork and uploads alike), so any of them yields a srcset. 800 is what a 360-412 px phone needs
// for a picture the width of its screen at two device pixels per CSS pixel (the product page's).
export const IMAGE_WIDTHS = [320, 640, 800, 960] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

/** The widths as a regular-expression alternation: '320|640|800|960'. */
export const IMAGE_WIDTH_PATTERN = IMAGE_WIDTHS.join('|')

const VARIANT = new RegExp(`^(.*)-(?:${IMAGE_WIDTH_PATTERN})\\.webp$`)

export function srcSetFor(src: string): string | undefined {
  const match = VARIANT.exec(src)
  if (!match) return undefined
  return IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ')
}
