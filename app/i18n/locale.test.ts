import { describe, expect, it } from 'vitest'
import { switchHref } from './language-switch.tsx'
import { resolveLocale } from './locale.server.ts'
import { hasHindiVersion, localeOfPath, localizedHref, pathWithoutLocale, toLocale } from './locale.ts'

const url = (path: string) => new URL(path, 'https://shop.example')

describe('the language of an address', () => {
  it('is Hindi under /hi and English everywhere else, another language prefix included', () => {
    expect(localeOfPath('/hi')).toBe('hi')
    expect(localeOfPath('/hi/products/ratlami-sev')).toBe('hi')
    expect(localeOfPath('/')).toBe('en')
    expect(localeOfPath('/products')).toBe('en')
    expect(localeOfPath('/fr/products')).toBe('en')
    expect(localeOfPath('/hindi')).toBe('en')
    expect(localeOfPath('/history-of-sev')).toBe('en')
  })

  it('drops the Hindi prefix to find the English page', () => {
    expect(pathWithoutLocale('/hi')).toBe('/')
    expect(pathWithoutLocale('/hi/faq')).toBe('/faq')
    expect(pathWithoutLocale('/fr/faq')).toBe('/fr/faq')
  })

  it('accepts only en and hi as a language', () => {
    expect(toLocale('hi')).toBe('hi')
    expect(toLocale('en')).toBe('en')
    for (const bad of ['fr', 'HI', '', 'hi; Path=/', null, undefined, 3]) expect(toLocale(bad)).toBeNull()
  })
})

describe('addresses in a language', () => {
  it('puts shop pages under /hi in Hindi, keeping the query and the fragment', () => {
    expect(localizedHref('/', 'hi')).toBe('/hi')
    expect(localizedHref('/products?category=Premium#list', 'hi')).toBe('/hi/products?category=Premium#list')
    expect(localizedHref('/products/ratlami-sev', 'hi')).toBe('/hi/products/ratlami-sev')
    expect(localizedHref('/hi/products', 'hi')).toBe('/hi/products')
    expect(localizedHref('/hi/products', 'en')).toBe('/products')
    expect(localizedHref('/hi', 'en')).toBe('/')
  })

  it('leaves the admin panel, the feed, other sites and unknown pages alone', () => {
    expect(hasHindiVersion('/blog/feed.xml')).toBe(false)
    expect(hasHindiVersion('/blog/history-of-sev')).toBe(true)
    for (const href of [
      '/admin/products',
      '/blog/feed.xml',
      '/uploads/a.webp',
      'https://example.com/',
      '//evil.example/x',
      '/fr/products',
    ])
      expect(localizedHref(href, 'hi')).toBe(href)
  })
})

describe('resolving a request', () => {
  it('answers an address in its own language whatever the cookie says', () => {
    expect(resolveLocale(url('/hi/products'), 'GET', 'en')).toEqual({ locale: 'hi' })
    expect(resolveLocale(url('/products'), 'GET', 'en')).toEqual({ locale: 'en' })
    expect(resolveLocale(url('/products'), 'GET', null)).toEqual({ locale: 'en' })
  })

  it('sends a visitor who chose Hindi from an English page to its Hindi page', () => {
    expect(resolveLocale(url('/products?q=sev'), 'GET', 'hi')).toEqual({
      locale: 'en',
      redirectTo: '/hi/products?q=sev',
    })
    // Not the admin panel, not a form sent to an English address.
    expect(resolveLocale(url('/admin'), 'GET', 'hi')).toEqual({ locale: 'en' })
    expect(resolveLocale(url('/cart'), 'POST', 'hi')).toEqual({ locale: 'en' })
  })

  it("remembers the switch's explicit choice, which wins over the cookie", () => {
    expect(resolveLocale(url('/products?lang=en&q=sev'), 'GET', 'hi')).toEqual({
      locale: 'en',
      redirectTo: '/products?q=sev',
      remember: 'en',
    })
    expect(resolveLocale(url('/hi/faq?lang=hi'), 'GET', null)).toEqual({
      locale: 'hi',
      redirectTo: '/hi/faq',
      remember: 'hi',
    })
  })

  it('falls back to English for another language in the switch or the cookie', () => {
    expect(resolveLocale(url('/products?lang=fr'), 'GET', null)).toEqual({ locale: 'en', redirectTo: '/products' })
    expect(resolveLocale(url('/fr/products'), 'GET', null)).toEqual({ locale: 'en' })
  })

  it('never sends a visitor to another site: an address starting with // is answered where it is', () => {
    const elsewhere = (path: string) => new URL(`https://shop.example${path}`)
    expect(resolveLocale(elsewhere('//evil.example/x?lang=hi'), 'GET', null)).toEqual({ locale: 'en' })
    expect(resolveLocale(elsewhere('//products/x'), 'GET', 'hi')).toEqual({ locale: 'en' })
  })
})

describe("the header's switch", () => {
  it('links to the same page in the other language, with the choice to remember', () => {
    expect(switchHref('/products', '?q=sev', 'hi')).toBe('/hi/products?q=sev&lang=hi')
    expect(switchHref('/hi/products/ratlami-sev', '', 'en')).toBe('/products/ratlami-sev?lang=en')
    expect(switchHref('/hi', '', 'en')).toBe('/?lang=en')
    // A page without a Hindi version: the home page in that language.
    expect(switchHref('/no-such-page', '?x=1', 'hi')).toBe('/hi?lang=hi')
  })
})
