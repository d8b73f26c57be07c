import { describe, expect, it } from 'vitest'
import {
  cachePolicy,
  changesWhoIsSignedIn,
  documentOfDataRequest,
  isNeverCached,
  isPublicPage,
  isReadableOffline,
  pageOfDataRequest,
  reloadDocumentAnswer,
} from './cache-rules.ts'

const origin = 'https://shop.example'
const policy = (path: string) => cachePolicy(new URL(path, origin), origin)

describe('pages readable offline', () => {
  it.each(['/', '/products', '/products/ratlami-sev', '/blog', '/blog/history-of-sev', '/about', '/faq', '/contact'])(
    '%s may be kept and read offline',
    (path) => {
      expect(isReadableOffline(path)).toBe(true)
      expect(policy(path)).toBe('page')
    },
  )

  it('the catalogue keeps its filters: each view is its own page', () => {
    expect(policy('/products?category=Premium%20Products&sort=price-asc')).toBe('page')
  })

  it("a page's data request (client-side navigation) follows the page's rule", () => {
    expect(pageOfDataRequest('/products/ratlami-sev.data')).toBe('/products/ratlami-sev')
    expect(pageOfDataRequest('/_root.data')).toBe('/')
    expect(pageOfDataRequest('/products')).toBeNull()
    expect(policy('/products.data?_routes=routes%2Fproducts')).toBe('page')
    expect(policy('/_root.data')).toBe('page')
    expect(policy('/checkout.data')).toBe('network-only')
    expect(policy('/admin/products.data')).toBe('network-only')
  })

  it("the server's page cache keeps the same pages, but not their data requests", () => {
    expect(isPublicPage('/products/ratlami-sev')).toBe(true)
    expect(isPublicPage('/about')).toBe(true)
    expect(isPublicPage('/products/ratlami-sev.data')).toBe(false)
    expect(isPublicPage('/_root.data')).toBe(false)
    expect(isPublicPage('/checkout')).toBe(false)
    expect(isPublicPage('/blog/feed.xml')).toBe(false)
  })

  it('the blog feed and unknown pages are not kept', () => {
    expect(policy('/blog/feed.xml')).toBe('network-only')
    expect(policy('/some/unknown/page')).toBe('network-only')
    expect(policy('/sitemap.xml')).toBe('network-only')
  })
})

describe('pages that are never answered from a cache', () => {
  it.each([
    '/cart',
    '/checkout',
    '/payment-status',
    '/order-success',
    '/my-orders',
    '/track-order',
    '/account',
    '/auth',
    '/auth/provider/google',
    '/logout',
    '/admin',
    '/admin/products/new',
    '/admin/events',
    '/api/push/subscriptions',
    '/api/auth/get-session',
    '/api/payments/status',
    '/offline',
  ])('%s is network only', (path) => {
    expect(isNeverCached(path)).toBe(true)
    expect(isReadableOffline(path)).toBe(false)
    expect(policy(path)).toBe('network-only')
  })

  it('matches whole path segments, not prefixes of words', () => {
    expect(isNeverCached('/cartography')).toBe(false)
    expect(isNeverCached('/administrator-notes')).toBe(false)
    expect(isNeverCached('/checkout.data')).toBe(true)
  })
})

describe('assets and images', () => {
  it('hashed build assets are cache first', () => {
    expect(policy('/assets/entry.client-DM6wXhvY.js')).toBe('asset')
  })

  it('pictures and uploads are cached, bounded', () => {
    expect(policy('/images/products/ratlami-sev-640.webp')).toBe('image')
    expect(policy('/uploads/products/abc-640.webp')).toBe('image')
    expect(policy('/icons/icon-192.png')).toBe('image')
  })

  it('another origin is never cached', () => {
    expect(cachePolicy(new URL('https://cdn.example/assets/x.js'), origin)).toBe('network-only')
  })
})

describe('a change of who is signed in', () => {
  it('is signing out, with or without JavaScript, or by the auth endpoint', () => {
    expect(changesWhoIsSignedIn('POST', '/logout')).toBe(true)
    expect(changesWhoIsSignedIn('POST', '/logout.data')).toBe(true)
    expect(changesWhoIsSignedIn('POST', '/api/auth/sign-out')).toBe(true)
  })

  it('is signing in, and the account page’s forms (sign out everywhere among them)', () => {
    expect(changesWhoIsSignedIn('POST', '/auth')).toBe(true)
    expect(changesWhoIsSignedIn('POST', '/auth.data')).toBe(true)
    expect(changesWhoIsSignedIn('POST', '/account')).toBe(true)
    expect(changesWhoIsSignedIn('POST', '/account.data')).toBe(true)
  })

  it('is not a visit to those addresses, nor another form', () => {
    expect(changesWhoIsSignedIn('GET', '/logout')).toBe(false)
    expect(changesWhoIsSignedIn('GET', '/account')).toBe(false)
    expect(changesWhoIsSignedIn('POST', '/cart')).toBe(false)
  })
})

describe('a data request the worker cannot answer offline', () => {
  it('names the document it was made for, without the router parameter', () => {
    expect(
      documentOfDataRequest(new URL('/products.data?category=Satwik+Products&_routes=routes%2Fproducts', origin)),
    ).toBe('/products?category=Satwik+Products')
    expect(documentOfDataRequest(new URL('/_root.data?_routes=routes%2Fhome', origin))).toBe('/')
    expect(documentOfDataRequest(new URL('/checkout.data', origin))).toBe('/checkout')
    expect(documentOfDataRequest(new URL('/products', origin))).toBeNull()
  })

  it("is answered with React Router's reload-the-document redirect", () => {
    expect(reloadDocumentAnswer('/products/tikhi-bundi')).toEqual({
      status: 204,
      headers: {
        'X-Remix-Redirect': '/products/tikhi-bundi',
        'X-Remix-Status': '302',
        'X-Remix-Reload-Document': 'true',
      },
    })
  })
})
