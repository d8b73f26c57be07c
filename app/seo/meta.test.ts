import { describe, expect, it } from 'vitest'
import { m } from '#app/paraglide/messages.js'
import { seoMeta } from './meta.ts'

describe('SEO helper', () => {
  const meta = seoMeta({
    origin: 'https://namkeen.example',
    path: '/products',
    title: m.seo_products_title(),
    description: m.seo_products_description(),
  })
  const find = (key: string, value: string) =>
    meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as Record<string, string> | undefined

  it('renders the page’s title and description, and the shop’s own for a page without', () => {
    expect(meta).toContainEqual({ title: m.seo_products_title() })
    expect(find('name', 'description')?.content).toBe(m.seo_products_description())
    const plain = seoMeta({ origin: 'https://namkeen.example', path: '/checkout', noindex: true })
    expect(plain).toContainEqual({ title: 'Malwa Namkeen' })
    expect(plain).toContainEqual({ name: 'description', content: m.seo_home_description() })
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
})
