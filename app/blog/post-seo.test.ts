import { describe, expect, it } from 'vitest'
import { blogPostingJsonLd } from './post-seo.ts'

const post = {
  slug: 'the-story-of-ratlami-sev',
  title: 'The Story of Ratlami Sev',
  excerpt: 'Where Ratlami sev comes from.',
  author: 'Rajendra Soni',
  imageUrl: '/images/products/ratlami-sev-640.webp',
  publishedAt: '2026-08-18T03:30:00.000Z',
  updatedAt: '2026-08-20T03:30:00.000Z',
}

describe('BlogPosting structured data', () => {
  const data = blogPostingJsonLd('https://namkeen.example', 'Malwa Namkeen', post)

  it('describes the post with absolute URLs', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'The Story of Ratlami Sev',
      description: 'Where Ratlami sev comes from.',
      datePublished: '2026-08-18T03:30:00.000Z',
      dateModified: '2026-08-20T03:30:00.000Z',
      author: { '@type': 'Person', name: 'Rajendra Soni' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://namkeen.example/blog/the-story-of-ratlami-sev' },
    })
    expect(data.image).toEqual([
      'https://namkeen.example/images/og/products/ratlami-sev.jpg',
      'https://namkeen.example/images/products/ratlami-sev-960.webp',
    ])
  })

  it('names the shop as publisher, with its logo', () => {
    expect(data.publisher).toMatchObject({
      '@type': 'Organization',
      name: 'Malwa Namkeen',
      logo: { '@type': 'ImageObject', url: 'https://namkeen.example/icons/icon-512.png' },
    })
  })

  it('credits the shop’s team as an organisation and uses the fallback image for a post without one', () => {
    const teamPost = blogPostingJsonLd('https://namkeen.example', 'Malwa Namkeen', {
      ...post,
      author: 'Malwa Namkeen Team',
      imageUrl: null,
    })
    expect(teamPost.author).toMatchObject({ '@type': 'Organization', name: 'Malwa Namkeen Team' })
    expect(teamPost.image).toEqual(['https://namkeen.example/images/blog-fallback-960.webp'])
  })
})
