import { describe, expect, it } from 'vitest'
import {
  BLOG_FALLBACK_IMAGE,
  formatPostDate,
  largestVariant,
  postImage,
  postOgImage,
  readingMinutes,
  toPostSummary,
} from './post-view.ts'

describe('post view', () => {
  it('dates a post the Indian way, in India’s time zone', () => {
    expect(formatPostDate(new Date('2026-10-02T09:00:00+05:30'))).toBe('2 Oct 2026')
    // 20:00 in London on 1 October is already 2 October in Indore.
    expect(formatPostDate(new Date('2026-10-01T20:00:00Z'))).toBe('2 Oct 2026')
  })

  it('sends cards what they show, with the date formatted and machine-readable', () => {
    const summary = toPostSummary({
      slug: 'sev',
      title: 'Sev',
      excerpt: 'About sev',
      author: 'Malwa Namkeen Team',
      imageUrl: null,
      createdAt: new Date('2026-08-18T09:00:00+05:30'),
    })
    expect(summary).toEqual({
      slug: 'sev',
      title: 'Sev',
      excerpt: 'About sev',
      author: 'Malwa Namkeen Team',
      imageUrl: null,
      publishedAt: '2026-08-18T03:30:00.000Z',
      publishedOn: '18 Aug 2026',
    })
  })

  it('uses the fallback image for a post without one', () => {
    expect(postImage(null)).toBe(BLOG_FALLBACK_IMAGE)
    expect(postImage('')).toBe(BLOG_FALLBACK_IMAGE)
    expect(postImage('/images/products/ratlami-sev-640.webp')).toBe('/images/products/ratlami-sev-640.webp')
  })

  it('finds the widest variant of an image', () => {
    expect(largestVariant('/images/blog-fallback-640.webp')).toBe('/images/blog-fallback-960.webp')
    expect(largestVariant('/uploads/photo.jpg')).toBe('/uploads/photo.jpg')
  })

  it('previews a post with a bundled product picture by that product’s 1200x630 image', () => {
    expect(postOgImage('/images/products/ratlami-sev-640.webp')).toBe('/images/og/products/ratlami-sev.jpg')
    expect(postOgImage('/images/products/khatta-mitha-mixture-320.webp')).toBe(
      '/images/og/products/khatta-mitha-mixture.jpg',
    )
    expect(postOgImage(null)).toBeUndefined()
    expect(postOgImage('/uploads/blog/photo-640.webp')).toBeUndefined()
    expect(postOgImage('/images/products/no-such-thing-640.webp')).toBeUndefined()
  })

  it('estimates reading time at 200 words a minute, at least one', () => {
    expect(readingMinutes('')).toBe(1)
    expect(readingMinutes('word '.repeat(1000))).toBe(5)
    expect(readingMinutes(`## Heading\n\n- ${'namkeen '.repeat(399)}`)).toBe(2)
  })
})
