import { describe, expect, it } from 'vitest'
import { metaDescription, type ProductForJsonLd, productJsonLd, productOgImage, rupeesDecimal } from './product-seo.ts'

const sev: ProductForJsonLd = {
  slug: 'ujjaini-sev',
  name: 'Ujjaini Sev',
  description: 'A thick, crunchy sev.',
  category: 'Premium Products',
  imageUrl: '/images/products/ujjaini-sev-640.webp',
  price250g: 8000,
  price500g: 15000,
  price1kg: 28000,
  stock250g: 10,
  stock500g: 5,
  stock1kg: 0,
  discountPercentage: 10,
  ratingAverage: null,
  ratingCount: 0,
}

describe('the product preview image', () => {
  it('uses the bundled artwork preview for a bundled image', () => {
    expect(productOgImage('/images/products/ratlami-sev-640.webp')).toBe('/images/og/products/ratlami-sev.jpg')
    expect(productOgImage('/images/products/tikhi-bundi-960.webp')).toBe('/images/og/products/tikhi-bundi.jpg')
  })

  it('falls back to the default for uploads, unknown artwork and no image', () => {
    expect(productOgImage('/uploads/products/1712-abc-640.webp')).toBeUndefined()
    expect(productOgImage('/images/products/new-thing-640.webp')).toBeUndefined()
    expect(productOgImage('/images/products/ratlami-sev.png')).toBeUndefined()
    expect(productOgImage(null)).toBeUndefined()
  })
})

describe('Product structured data', () => {
  const data = productJsonLd('https://namkeen.example', 'Malwa Namkeen', sev)

  it('names the product, its brand, category, sku and absolute image and URL', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ujjaini Sev',
      description: 'A thick, crunchy sev.',
      sku: 'ujjaini-sev',
      brand: { '@type': 'Brand', name: 'Malwa Namkeen' },
      category: 'Premium Products',
      image: 'https://namkeen.example/images/products/ujjaini-sev-640.webp',
      url: 'https://namkeen.example/products/ujjaini-sev',
    })
  })

  it('offers each size at its selling price in rupees, out of stock when it cannot be bought', () => {
    expect(data.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        sku: 'ujjaini-sev-250g',
        price: '72.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({ sku: 'ujjaini-sev-500g', price: '135.00', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({
        sku: 'ujjaini-sev-1kg',
        price: '252.00',
        availability: 'https://schema.org/OutOfStock',
      }),
    ])
  })

  it('makes no offer for a size without a price', () => {
    const offers = productJsonLd('https://namkeen.example', 'Malwa Namkeen', { ...sev, price1kg: 0 }).offers
    expect(offers).toHaveLength(2)
  })

  it('invents no rating: aggregateRating only from approved reviews', () => {
    expect(data).not.toHaveProperty('aggregateRating')
    const rated = productJsonLd('https://namkeen.example', 'Malwa Namkeen', {
      ...sev,
      ratingAverage: 4.666666,
      ratingCount: 3,
    })
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    })
  })

  it('leaves the image out when the product has none', () => {
    expect(productJsonLd('https://namkeen.example', 'Malwa Namkeen', { ...sev, imageUrl: null })).not.toHaveProperty(
      'image',
    )
  })
})

describe('prices for structured data', () => {
  it('writes paise as rupees with two decimals', () => {
    expect(rupeesDecimal(8000)).toBe('80.00')
    expect(rupeesDecimal(8499)).toBe('84.99')
    expect(rupeesDecimal(5)).toBe('0.05')
  })
})

describe('the meta description', () => {
  it('keeps a short description as it is', () => {
    expect(metaDescription('  Crisp   sev. ')).toBe('Crisp sev.')
  })

  it('ends on a whole sentence when one fits', () => {
    const text = `${'A'.repeat(100)} sentence. Then a second sentence that is far too long to fit in the limit at all here.`
    expect(metaDescription(text)).toBe(`${'A'.repeat(100)} sentence.`)
  })

  it('ends a Hindi description on a whole sentence too (a danda ends it)', () => {
    const first = `${'सेव '.repeat(25)}बनी है।`
    const text = `${first} ${'दूसरा वाक्य बहुत लंबा है '.repeat(6)}।`
    expect(metaDescription(text)).toBe(first)
  })

  it('cuts at a word with an ellipsis otherwise', () => {
    const text = 'word '.repeat(60)
    const result = metaDescription(text)
    expect(result.length).toBeLessThanOrEqual(160)
    expect(result).toMatch(/word…$/)
  })
})
