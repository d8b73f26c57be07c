import { describe, expect, it } from 'vitest'
import { srcSetFor } from './image-variants.ts'

describe('image variants', () => {
  it('lists the four widths of a shop image, 800 among them, from any one of them', () => {
    const all =
      '/images/products/ratlami-sev-320.webp 320w, /images/products/ratlami-sev-640.webp 640w, /images/products/ratlami-sev-800.webp 800w, /images/products/ratlami-sev-960.webp 960w'
    expect(srcSetFor('/images/products/ratlami-sev-640.webp')).toBe(all)
    expect(srcSetFor('/images/products/ratlami-sev-800.webp')).toBe(all)
  })

  it('lists the same widths in AVIF, the WebP variants named', () => {
    expect(srcSetFor('/uploads/products/a1b2-640.webp', 'avif')).toBe(
      '/uploads/products/a1b2-320.avif 320w, /uploads/products/a1b2-640.avif 640w, /uploads/products/a1b2-800.avif 800w, /uploads/products/a1b2-960.avif 960w',
    )
  })

  it('leaves other images alone', () => {
    expect(srcSetFor('https://cdn.example/photo.jpg')).toBeUndefined()
    expect(srcSetFor('/images/logo-2.webp')).toBeUndefined()
    expect(srcSetFor('https://cdn.example/photo.jpg', 'avif')).toBeUndefined()
  })
})
