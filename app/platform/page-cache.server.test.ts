import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createPageCache, isCacheableRequest, withoutNonce } from './page-cache.server.ts'

const URL_OF_PAGE = 'http://shop.test/products'
const POLICY = "default-src 'self'; script-src 'self' 'nonce-abc123'; object-src 'none'"
const HTML =
  '<!DOCTYPE html><html><body><h1>Namkeen</h1><script nonce="abc123">window.a=1</script><p>A review: <script>steal()</script></p><script type="module" src="/assets/x.js"></script><script type="application/ld+json">{"@type":"Organization"}</script></body></html>'

/** The page as served: its nonce, which no policy lists, is taken out. */
const SERVED = HTML.replace(' nonce="abc123"', '')

function page(headers: Record<string, string> = {}, status = 200, body = HTML) {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': POLICY, ...headers },
  })
}

/** A cache on a version the test moves, with a render that counts its calls. */
function setUp(
  answer: () => Response = () => page(),
  options: { ttlMs?: number; variantOf?: (request: Request) => Promise<string | null> } = {},
) {
  let version = 1
  let clock = 0
  let renders = 0
  const cache = createPageCache({ currentVersion: async () => version, now: () => clock, ...options })
  const render = async () => {
    renders++
    return answer()
  }
  const ask = (init: RequestInit & { url?: string } = {}) =>
    cache.serve(new Request(init.url ?? URL_OF_PAGE, { headers: { 'accept-encoding': 'br, gzip' }, ...init }), render)
  return {
    ask,
    renders: () => renders,
    change: () => version++,
    wait: (ms: number) => (clock += ms),
  }
}

describe('the page cache', () => {
  it('keeps each language apart: the Hindi page (/hi/...) is stored under its own address', async () => {
    const shop = setUp(() => page())
    const english = await (await shop.ask()).text()
    await (await shop.ask({ url: 'http://shop.test/hi/products' })).arrayBuffer()
    expect(shop.renders()).toBe(2)
    await (await shop.ask({ url: 'http://shop.test/hi/products' })).arrayBuffer()
    expect(await (await shop.ask()).text()).toBe(english)
    expect(shop.renders()).toBe(2)
  })

  it('renders a page once while nothing changes, again after a change', async () => {
    const shop = setUp()
    await (await shop.ask()).arrayBuffer()
    await (await shop.ask()).arrayBuffer()
    expect(shop.renders()).toBe(1)
    shop.change()
    await shop.ask()
    expect(shop.renders()).toBe(2)
  })

  it('renders again after the safety TTL even when nothing changed', async () => {
    const shop = setUp(undefined, { ttlMs: 1000 })
    await shop.ask()
    shop.wait(999)
    await shop.ask()
    expect(shop.renders()).toBe(1)
    shop.wait(1)
    await shop.ask()
    expect(shop.renders()).toBe(2)
  })

  it('lets requests that arrive together share one render', async () => {
    const shop = setUp()
    const answers = await Promise.all(Array.from({ length: 20 }, () => shop.ask()))
    expect(shop.renders()).toBe(1)
    expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1)
  })

  it('keeps the newer page when a slow render of an older version finishes last', async () => {
    let version = 1
    let renders = 0
    let finishSlow: (response: Response) => void = () => {}
    const cache = createPageCache({ currentVersion: async () => version })
    const slow = cache.serve(new Request(URL_OF_PAGE), () => {
      renders++
      return new Promise<Response>((resolve) => {
        finishSlow = resolve
      })
    })
    await new Promise((resolve) => setImmediate(resolve))
    version = 2
    const render = async () => {
      renders++
      return page()
    }
    await cache.serve(new Request(URL_OF_PAGE), render)
    finishSlow(page())
    await slow
    await cache.serve(new Request(URL_OF_PAGE), render)
    expect(renders).toBe(2)
  })

  it('keeps a page per query string', async () => {
    const shop = setUp()
    await shop.ask({ url: `${URL_OF_PAGE}?sort=name` })
    await shop.ask({ url: `${URL_OF_PAGE}?sort=price-asc` })
    expect(shop.renders()).toBe(2)
  })

  it.each([
    ['sets a cookie', page({ 'set-cookie': 'guest_cart=x; Path=/' })],
    ['is private', page({ 'cache-control': 'private, no-cache' })],
    ['must not be stored', page({ 'cache-control': 'no-store' })],
    ['is not a 200', page({}, 404)],
  ])('does not keep a page that %s', async (_case, response) => {
    const shop = setUp(() => response.clone())
    const first = await shop.ask()
    await shop.ask()
    expect(shop.renders()).toBe(2)
    expect(first.headers.get('etag')).toBeNull()
    // Its own visitor still gets it whole, cookie included.
    expect(first.headers.get('set-cookie')).toBe(response.headers.get('set-cookie'))
    expect(first.status).toBe(response.status)
  })

  it("lists the page's inline scripts' hashes instead of the nonce, and leaves the other directives alone", async () => {
    const shop = setUp()
    const policy = (await shop.ask()).headers.get('content-security-policy')
    const hash = createHash('sha256').update('window.a=1').digest('base64')
    expect(policy).toBe(`default-src 'self'; script-src 'self' 'sha256-${hash}'; object-src 'none'`)
  })

  it('compresses once: Brotli, gzip or the plain page as the browser accepts', async () => {
    const shop = setUp()
    const br = await shop.ask()
    expect(br.headers.get('content-encoding')).toBe('br')
    const gzip = await shop.ask({ headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SERVED)
    const plain = await shop.ask({ headers: {} })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(SERVED)
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(SERVED)))
    expect(plain.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    expect(shop.renders()).toBe(1)
  })

  it('answers a current copy with 304, and HEAD with the headers alone', async () => {
    const shop = setUp()
    const etag = (await shop.ask()).headers.get('etag')!
    const revalidated = await shop.ask({ headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    const head = await shop.ask({ method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(etag)
    expect(await head.text()).toBe('')
  })

  it('gives a page rendered again as it was, with a nonce of its own, the same ETag: a 304 after a change elsewhere', async () => {
    let nonce = 0
    let price = '₹80'
    // As the shop renders: a nonce each time, also in the root's loader data that a script carries.
    const shop = setUp(() => {
      const mine = `n${++nonce}x`
      return page(
        { 'content-security-policy': POLICY.replace('abc123', mine) },
        200,
        `<html><body><p>${price}</p><script nonce="${mine}">window.data={"nonce":"${mine}"}</script></body></html>`,
      )
    })
    const first = await shop.ask()
    const etag = first.headers.get('etag')!
    shop.change()
    const again = await shop.ask({ headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag } })
    expect(shop.renders()).toBe(2)
    expect(again.status).toBe(304)
    const served = await (await shop.ask({ headers: {} })).text()
    expect(served).toBe('<html><body><p>₹80</p><script>window.data={"nonce":""}</script></body></html>')
    const hash = createHash('sha256').update('window.data={"nonce":""}').digest('base64')
    expect(first.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`)

    price = '₹90'
    shop.change()
    const changed = await shop.ask({ headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(await changed.text()).toContain('₹90')
  })

  it('renders (and keeps nothing) when the version cannot be read', async () => {
    let renders = 0
    const cache = createPageCache({
      currentVersion: () => Promise.reject(new Error('database unreachable')),
    })
    const render = async () => {
      renders++
      return page()
    }
    const answer = await cache.serve(new Request(URL_OF_PAGE), render)
    await cache.serve(new Request(URL_OF_PAGE), render)
    expect(renders).toBe(2)
    expect(answer.headers.get('content-security-policy')).not.toContain('nonce')
    expect(answer.headers.get('etag')).toBeNull()
  })
})

describe("the page cache's variants (a guest's cart count)", () => {
  let asked = 0
  /** The variant is the cart cookie's count; 'ordered' is a cart that must be rendered for its request. */
  const cartCount = (request: Request) => {
    asked++
    const count = /guest_cart=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? ''
    return Promise.resolve(count === 'ordered' ? null : count && `cart=${count}`)
  }
  const carted = (count: string) => ({ headers: { 'accept-encoding': 'br', cookie: `guest_cart=${count}` } })

  it('keeps a page per variant, shared by the requests of that variant, and asks each cookie header once a version', async () => {
    asked = 0
    let count = 0
    const shop = setUp(() => page({}, 200, `<p>${++count}</p>`), { variantOf: cartCount })
    const two = await (await shop.ask(carted('2'))).text()
    const three = await (await shop.ask(carted('3'))).text()
    expect(two).not.toBe(three)
    expect(await (await shop.ask(carted('2'))).text()).toBe(two)
    expect(shop.renders()).toBe(2)
    expect(asked).toBe(2)
    shop.change()
    await shop.ask(carted('2'))
    expect(shop.renders()).toBe(3)
    expect(asked).toBe(3)
  })

  it('gives a request without cookies the page of the empty variant, without asking', async () => {
    asked = 0
    const shop = setUp(() => page(), { variantOf: cartCount })
    const answer = await shop.ask({ headers: { 'accept-encoding': 'br', cookie: 'guest_cart=' } })
    await shop.ask()
    expect(shop.renders()).toBe(1)
    expect(asked).toBe(1)
    expect(answer.headers.get('cache-control')).toBe('public, no-cache')
  })

  it("renders a page that is one request's alone every time, and keeps nothing of it", async () => {
    const shop = setUp(() => page(), { variantOf: cartCount })
    const answer = await shop.ask(carted('ordered'))
    await shop.ask(carted('ordered'))
    expect(shop.renders()).toBe(2)
    expect(answer.headers.get('etag')).toBeNull()
    expect(answer.headers.get('cache-control')).toBe('private, no-cache')
    expect(answer.headers.get('content-encoding')).toBe('br')
  })

  it('renders for the request when the variant cannot be worked out', async () => {
    const shop = setUp(() => page(), { variantOf: () => Promise.reject(new Error('database down')) })
    await shop.ask(carted('2'))
    await shop.ask(carted('2'))
    expect(shop.renders()).toBe(2)
  })
})

describe('which requests the page cache may answer', () => {
  it.each([
    ['a GET without cookies', new Request(URL_OF_PAGE), true],
    ['a HEAD without cookies', new Request(URL_OF_PAGE, { method: 'HEAD' }), true],
    ['a signed-in visitor', new Request(URL_OF_PAGE, { headers: { cookie: 'better-auth.session_token=x' } }), false],
    ['a guest with a cart (a variant)', new Request(URL_OF_PAGE, { headers: { cookie: 'guest_cart=x' } }), true],
    ['Hindi remembered, written encoded', new Request(URL_OF_PAGE, { headers: { cookie: 'lang=%68i' } }), false],
    ['the switch’s link', new Request(`${URL_OF_PAGE}?lang=hi`), false],
    ['a remembered PIN code', new Request(URL_OF_PAGE, { headers: { cookie: 'delivery_pin=452001' } }), true],
    ['English remembered', new Request(URL_OF_PAGE, { headers: { cookie: 'lang=en; delivery_pin=452001' } }), true],
    [
      'Hindi remembered, on a Hindi page',
      new Request('http://shop.test/hi/products', { headers: { cookie: 'lang=hi' } }),
      true,
    ],
    [
      'Hindi remembered, on an English page (sent to its twin)',
      new Request(URL_OF_PAGE, { headers: { cookie: 'lang=hi' } }),
      false,
    ],
    [
      'a PIN code beside a cart',
      new Request(URL_OF_PAGE, { headers: { cookie: 'delivery_pin=452001; guest_cart=x' } }),
      true,
    ],
    [
      'a cart beside a session',
      new Request(URL_OF_PAGE, { headers: { cookie: 'guest_cart=x; better-auth.session_token=x' } }),
      false,
    ],
    ['a request with credentials', new Request(URL_OF_PAGE, { headers: { authorization: 'Basic eDp5' } }), false],
    ['a POST', new Request(URL_OF_PAGE, { method: 'POST' }), false],
    ['a very long URL', new Request(`${URL_OF_PAGE}?q=${'x'.repeat(2000)}`), false],
  ])('%s: %s', (_case, request, cacheable) => {
    expect(isCacheableRequest(request)).toBe(cacheable)
  })
})

describe('the page without its nonce', () => {
  it('hashes the inline scripts that carried the nonce: not one that came in with the content, nor external scripts', () => {
    expect(withoutNonce(HTML, 'abc123')).toEqual({
      html: SERVED,
      hashes: [`'sha256-${createHash('sha256').update('window.a=1').digest('base64')}'`],
    })
  })
})
