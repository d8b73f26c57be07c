import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BLOG_FALLBACK_IMAGE } from '#app/blog/post-view.ts'
import { srcSetFor, VARIANT_FORMATS } from '#app/shared/image-variants.ts'
import { BUNDLED_IMAGES, bundledImageUrl } from './image-url.ts'

const PUBLIC = fileURLToPath(new URL('../../public', import.meta.url))

describe('the bundled pictures', () => {
  // A <picture> does not fall back to its WebP <img> when its AVIF source is missing: the shopper
  // would see 'Image not available'. `npm run art` renders them all.
  it('are in public/ in every width, in WebP and in AVIF', () => {
    const files = [...BUNDLED_IMAGES.map(bundledImageUrl), BLOG_FALLBACK_IMAGE].flatMap((src) =>
      VARIANT_FORMATS.flatMap((format) => {
        const srcset = srcSetFor(src, format)
        expect(srcset, src).toBeDefined()
        return (srcset ?? '').split(', ').map((candidate) => candidate.split(' ')[0]!)
      }),
    )
    expect(files.filter((url) => !existsSync(PUBLIC + url))).toEqual([])
  })
})
