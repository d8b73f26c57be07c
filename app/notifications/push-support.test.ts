import { describe, expect, it } from 'vitest'
import { coversAny, overlaps } from './banner-placement.ts'
import { bannerAllowedOn } from './push-support.ts'

describe('where the push banner may show', () => {
  it.each(['/', '/hi', '/order-success', '/hi/order-success'])(
    'on %s, where the spec puts it or right after an order',
    (path) => {
      expect(bannerAllowedOn(path, false)).toBe(true)
      expect(bannerAllowedOn(path, true)).toBe(true)
    },
  )

  it.each(['/my-orders', '/track-order', '/blog', '/blog/some-post', '/contact', '/about', '/hi/my-orders'])(
    'on %s only once the shopper has ordered on this device',
    (path) => {
      expect(bannerAllowedOn(path, false)).toBe(false)
      expect(bannerAllowedOn(path, true)).toBe(true)
    },
  )

  it.each([
    '/products',
    '/products/premium-ratlami-sev',
    '/hi/products',
    '/hi/products/premium-ratlami-sev',
    '/cart',
    '/checkout',
    '/hi/checkout',
    '/payment-status',
    '/admin',
    '/admin/products',
    '/auth',
    '/hi/auth',
    '/account',
    '/hi/account',
    '/logout',
  ])('never on %s, where a shopper buys or signs in, even after an order', (path) => {
    expect(bannerAllowedOn(path, false)).toBe(false)
    expect(bannerAllowedOn(path, true)).toBe(false)
  })

  it('does not take a page whose name only starts like a buying page for one', () => {
    expect(bannerAllowedOn('/products-of-the-month', true)).toBe(true)
  })
})

describe('the banner over a buy control', () => {
  const banner = { top: 600, right: 348, bottom: 768, left: 12 }

  it('covers a control that shares any area with it', () => {
    expect(overlaps(banner, { top: 740, right: 170, bottom: 780, left: 20 })).toBe(true)
    expect(overlaps(banner, { top: 500, right: 100, bottom: 601, left: 0 })).toBe(true)
  })

  it('does not cover a control above it, below it, beside it or only touching its edge', () => {
    expect(overlaps(banner, { top: 400, right: 348, bottom: 600, left: 12 })).toBe(false)
    expect(overlaps(banner, { top: 768, right: 348, bottom: 900, left: 12 })).toBe(false)
    expect(overlaps({ ...banner, right: 448 }, { top: 650, right: 800, bottom: 700, left: 448 })).toBe(false)
  })

  it('takes an empty box (a control not shown) for nothing', () => {
    expect(overlaps(banner, { top: 0, right: 0, bottom: 0, left: 0 })).toBe(false)
    expect(overlaps(banner, { top: 650, right: 100, bottom: 650, left: 20 })).toBe(false)
  })

  it('covers a page when it covers any of its controls', () => {
    const controls = [
      { top: 100, right: 170, bottom: 140, left: 20 },
      { top: 700, right: 340, bottom: 744, left: 190 },
    ]
    expect(coversAny(banner, controls)).toBe(true)
    expect(coversAny(banner, controls.slice(0, 1))).toBe(false)
    expect(coversAny(banner, [])).toBe(false)
  })
})
