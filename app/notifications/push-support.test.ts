import { describe, expect, it } from 'vitest'
import { bannerAllowedOn } from './push-support.ts'

describe('where the push banner may show', () => {
  it.each([
    '/',
    '/products',
    '/products/ratlami-sev',
    '/blog/some-post',
    '/my-orders',
    '/contact',
    '/hi',
    '/hi/products',
  ])('on %s', (path) => {
    expect(bannerAllowedOn(path)).toBe(true)
  })

  it.each([
    '/checkout',
    '/payment-status',
    '/order-success',
    '/admin',
    '/admin/products',
    '/auth',
    '/account',
    '/hi/checkout',
    '/hi/order-success',
    '/hi/auth',
    '/hi/account',
  ])('not on %s', (path) => {
    expect(bannerAllowedOn(path)).toBe(false)
  })
})
