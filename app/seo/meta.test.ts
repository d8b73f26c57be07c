import { describe, expect, it } from 'vitest'
import { seoMeta } from './meta.ts'
import { SEO_PRESETS } from './presets.ts'

describe('SEO helper', () => {
  const meta = seoMeta({ origin: 'https://namkeen.example', path: '/products', preset: 'products' })
  const find = (key: string, value: string) =>
    meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as Record<string, string> | undefined

  it('renders the preset title and description', () => {
    expect(meta).toContainEqual({ title: SEO_PRESETS.products.title() })
    expect(find('name', 'description')?.content).toBe(SEO_PRESETS.products.description())
  })

  it('links the canonical URL on the public origin', () => {
    expect(find('rel', 'canonical')?.href).toBe('https://namkeen.example/products')
  })

  it('gives link previews a 1200x630 image by absolute URL', () => {
    expect(find('property', 'og:image')?.content).toBe('https://namkeen.example/images/og/default.jpg')
    expect(find('property', 'og:image:width')?.content).toBe('1200')
    expect(find('property', 'og:image:height')?.content).toBe('630')
  })

  it('adds JSON-LD when given', () => {
    const withData = seoMeta({
      origin: 'https://namkeen.example',
      path: '/',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Malwa Namkeen' }],
    })
    expect(withData).toContainEqual({
      'script:ld+json': { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Malwa Namkeen' },
    })
  })

  it('has a preset for every page the spec lists', () => {
    expect(Object.keys(SEO_PRESETS).sort()).toEqual(
      ['about', 'blog', 'contact', 'faq', 'home', 'privacy', 'products', 'quality', 'shipping', 'terms'].sort(),
    )
  })
})
