import { describe, expect, it } from 'vitest'
import { notificationTarget } from './notification-target.ts'

const origin = 'https://shop.example'

describe('where a notification click leads', () => {
  it('opens a path on the shop', () => {
    expect(notificationTarget('/products?section=featured', origin)).toBe(
      'https://shop.example/products?section=featured',
    )
  })

  it('opens an absolute address on the shop', () => {
    expect(notificationTarget('https://shop.example/blog/new-season', origin)).toBe(
      'https://shop.example/blog/new-season',
    )
  })

  it.each([
    'https://evil.example/login',
    '//evil.example/login',
    'javascript:alert(1)',
    'data:text/html,hi',
    'http://shop.example/products',
  ])('sends %s to the home page instead', (url) => {
    expect(notificationTarget(url, origin)).toBe('https://shop.example/')
  })

  it.each([undefined, null, 42, '', '   '])('opens the home page without a usable url (%s)', (url) => {
    expect(notificationTarget(url, origin)).toBe('https://shop.example/')
  })
})
