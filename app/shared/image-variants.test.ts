import { describe, expect, it } from 'vitest'
import { srcSetFor } from './image-variants.ts'

describe('image variants', () => {
  it('lists the three widths of a shop image', () => {
    expect(srcSetFor('/images/products/ratlami-sev-640.webp')).toBe(
      '/images/products/ratlami-sev-320.webp 320w, /images/products/ratlami-sev-640.webp 640w, /images/products/ratlami-sev-960.webp 960w',
    )
  })

  it('leaves other images alone', () => {
    expect(srcSetFor('https://cdn.example/photo.jpg')).toBeUndefined()
    expect(srcSetFor('/images/logo-2.webp')).toBeUndefined()
  })
})
