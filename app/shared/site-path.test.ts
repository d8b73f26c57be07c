import { describe, expect, it } from 'vitest'
import { isSitePath, sitePathOr } from './site-path.ts'

describe('a path on this site', () => {
  it.each(['/products', '/checkout?coupon=FIRST10', '/blog/diwali#list', '/hi/my-orders'])('is %s', (path) =>
    expect(isSitePath(path)).toBe(true),
  )

  // Each of these takes a browser to another site (tabs and newlines are dropped, '\' reads as '/').
  it.each([
    'https://malwanamkeen.example/offers',
    'http://malwanamkeen.example/',
    'javascript:alert(1)',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'products',
    '/a b',
    '',
  ])('is not %j', (path) => expect(isSitePath(path)).toBe(false))

  it('falls back for anything else, a non-string too', () => {
    expect(sitePathOr('/my-orders', '/')).toBe('/my-orders')
    expect(sitePathOr('/\t/evil.example', '/')).toBe('/')
    expect(sitePathOr(null, null)).toBeNull()
    expect(sitePathOr(new File([], 'x'), '/')).toBe('/')
  })
})
