// The shop's images come in widths 320, 640 and 960 named '<name>-<width>.webp' (bundled artwork and
// uploads alike), so any of them yields a srcset.
export const IMAGE_WIDTHS = [320, 640, 960] as const

const VARIANT = /^(.*)-(320|640|960)\.webp$/

export function srcSetFor(src: string): string | undefined {
  const match = VARIANT.exec(src)
  if (!match) return undefined
  return IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ')
}
