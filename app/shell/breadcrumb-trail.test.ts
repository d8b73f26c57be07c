import { describe, expect, it } from 'vitest'
import { getLocale, overwriteGetLocale } from '#app/paraglide/runtime.js'
import { breadcrumbTrail, hasCrumbs, notFoundTrail } from './breadcrumb-trail.ts'

describe('breadcrumb trail', () => {
  it('turns dashes into spaces and capitalises words', () => {
    expect(breadcrumbTrail('/blog/keep-sev-crisp')).toEqual([
      { label: 'Home', path: '/' },
      { label: 'Blog', path: '/blog' },
      { label: 'Keep Sev Crisp', path: '/blog/keep-sev-crisp' },
    ])
  })

  it("names the shop's own pages as the menus do", () => {
    expect(breadcrumbTrail('/terms-and-conditions')).toEqual([
      { label: 'Home', path: '/' },
      { label: 'Terms and Conditions', path: '/terms-and-conditions' },
    ])
  })

  it('links each level to its own path', () => {
    expect(breadcrumbTrail('/blog/how-to-keep-sev-crisp/')).toEqual([
      { label: 'Home', path: '/' },
      { label: 'Blog', path: '/blog' },
      { label: 'How To Keep Sev Crisp', path: '/blog/how-to-keep-sev-crisp' },
    ])
  })

  it('spells acronyms as people do', () => {
    expect(breadcrumbTrail('/faq').at(-1)?.label).toBe('FAQ')
  })

  it("takes an address's words for words, even the names of an object's own properties", () => {
    expect(breadcrumbTrail('/products/__proto__').at(-1)?.label).toBe('__proto__')
    expect(breadcrumbTrail('/products/constructor').at(-1)?.label).toBe('Constructor')
    expect(breadcrumbTrail('/products/to-string').at(-1)?.label).toBe('To String')
  })

  it("names the last crumb with the page's own name when it knows one", () => {
    expect(breadcrumbTrail('/products/premium-ratlami-sev', 'प्रीमियम रतलामी सेव').map((crumb) => crumb.label)).toEqual([
      'Home',
      'Products',
      'प्रीमियम रतलामी सेव',
    ])
  })

  it('is only Home on the home page', () => {
    expect(breadcrumbTrail('/')).toEqual([{ label: 'Home', path: '/' }])
  })

  it('decodes escapes and survives malformed ones', () => {
    expect(breadcrumbTrail('/products/masala%20sev').at(-1)?.label).toBe('Masala Sev')
    expect(breadcrumbTrail('/products/%E0%A4').at(-1)?.label).toBe('%E0%A4')
  })

  it('knows a route handle that names its own crumbs', () => {
    expect(hasCrumbs({ crumbs: () => [] })).toBe(true)
    expect(hasCrumbs({ crumbs: [] })).toBe(false)
    expect(hasCrumbs(undefined)).toBe(false)
  })

  it("ends a page that does not exist with 'Page Not Found', after the shop's pages its address starts with", () => {
    expect(notFoundTrail('/no-such-page')).toEqual([
      { label: 'Home', path: '/' },
      { label: 'Page Not Found', path: '/no-such-page' },
    ])
    expect(notFoundTrail('/products/gone-sev').map((crumb) => crumb.label)).toEqual([
      'Home',
      'Products',
      'Page Not Found',
    ])
    expect(notFoundTrail('/no/such/page').map((crumb) => crumb.label)).toEqual(['Home', 'Page Not Found'])
  })

  it('names a Hindi 404 in Hindi, not with the English words of its address', () => {
    const base = getLocale
    overwriteGetLocale(() => 'hi')
    try {
      expect(notFoundTrail('/no-such-page').map((crumb) => crumb.label)).toEqual(['होम', 'पेज नहीं मिला'])
      expect(notFoundTrail('/blog/no-such-post').map((crumb) => crumb.label)).toEqual(['होम', 'ब्लॉग', 'पेज नहीं मिला'])
    } finally {
      overwriteGetLocale(base)
    }
  })
})
