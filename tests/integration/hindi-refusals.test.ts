// Refusals on Hindi pages, through the production server (a build, PGlite): the cart's, the coupon's,
// the review form's and a sign-in provider's answers to a /hi/... request are in Hindi with the same
// status as the English page's, which keeps its English sentences. docs/decisions/024-hindi.md.
// Needs `npm run build` first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Shopper } from '../../scripts/drills/lib/shopper.ts'
import { type RunningServer, startServer } from '../server-process.ts'
import { migratedDataDir } from './databases.ts'

let server: RunningServer
let productId: string

beforeAll(async () => {
  server = await startServer({ DATA_DIR: migratedDataDir(), SHOWCASE_MODE: 'false' })
  const html = await (await fetch(`${server.url}/products/premium-ratlami-sev`)).text()
  productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
})

afterAll(async () => {
  await server?.stop()
})

/** A form posted by the page with JavaScript (enhanced), answered in JSON. */
async function post(path: string, form: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, enhanced: '1' }),
    redirect: 'manual',
  })
  return { status: response.status, body: (await response.json()) as { ok: boolean; message: string } }
}

/** The same form to the English page and to its Hindi twin. */
async function both(path: string, form: Record<string, string>) {
  return { en: await post(path, form), hi: await post(`/hi${path}`, form) }
}

describe('the cart refuses a Hindi page in Hindi, with the same status', () => {
  it('a product that does not exist', async () => {
    const { en, hi } = await both('/cart', { intent: 'add', productId: crypto.randomUUID(), size: '250g' })
    expect(en).toEqual({ status: 409, body: expect.objectContaining({ ok: false, message: 'Product not found' }) })
    expect(hi).toEqual({ status: 409, body: expect.objectContaining({ ok: false, message: 'उत्पाद नहीं मिला' }) })
  })

  it('a quantity for a line that is no longer in the cart', async () => {
    const { en, hi } = await both('/cart', { intent: 'set', productId, size: '500g', quantity: '2' })
    expect(en.status).toBe(409)
    expect(en.body.message).toBe('This item is no longer in your cart.')
    expect(hi.status).toBe(409)
    expect(hi.body.message).toBe('यह चीज़ अब आपकी कार्ट में नहीं है।')
  })

  it('a pack size the shop does not sell', async () => {
    const { en, hi } = await both('/cart', { intent: 'add', productId, size: '2kg' })
    expect(en.status).toBe(400)
    expect(en.body.message).toBe('Please choose a pack size.')
    expect(hi.status).toBe(400)
    expect(hi.body.message).toBe('कृपया पैक साइज़ चुनें।')
  })

  it('a coupon code that does not exist', async () => {
    const { en, hi } = await both('/cart', { intent: 'coupon', code: 'nope' })
    expect(en.status).toBe(409)
    expect(en.body.message).toBe('NOPE is not a valid coupon code.')
    expect(hi.status).toBe(409)
    expect(hi.body.message).toBe('NOPE कोई मान्य कूपन कोड नहीं है।')
  })
})

it("shows a refusal of a Hindi page's form without JavaScript on the Hindi checkout page, once", async () => {
  const posted = await fetch(`${server.url}/hi/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'add', productId, size: '2kg' }),
    redirect: 'manual',
  })
  expect(posted.status).toBe(302)
  expect(posted.headers.get('location')).toBe('/hi/checkout')
  const cookie = posted.headers.getSetCookie().find((line) => line.startsWith('cart_error='))
  // The browser sends it to /hi/checkout only: the path is the Hindi page's.
  expect(cookie).toMatch(/;\s*Path=\/hi\/checkout(;|$)/i)
  const page = await fetch(`${server.url}/hi/checkout`, { headers: { cookie: cookie!.split(';')[0]! } })
  expect(await page.text()).toContain('कृपया पैक साइज़ चुनें।')
  expect(page.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^cart_error=;.*Path=\/hi\/checkout/i))
})

describe('the review form refuses a Hindi page in Hindi, with the same status', () => {
  it('a review from a visitor who has not signed in', async () => {
    const { en, hi } = await both('/reviews', { productId, rating: '5', body: '' })
    expect(en.status).toBe(401)
    expect(en.body).toMatchObject({ title: 'Review not sent', message: 'Please sign in to review a product.' })
    expect(hi.status).toBe(401)
    expect(hi.body).toMatchObject({ title: 'समीक्षा नहीं भेजी गई', message: 'उत्पाद की समीक्षा के लिए कृपया साइन इन करें।' })
  })

  it('a signed-in shopper with no delivered order of it, naming the product in Hindi', async () => {
    const shopper = new Shopper(server.url)
    await shopper.signUpAndSignIn(`reviewer-${crypto.randomUUID()}@example.in`, 'sev aur jalebi')
    const answer = await shopper.post('/hi/reviews', { productId, rating: '5', body: '', enhanced: '1' })
    expect(answer.status).toBe(403)
    expect((JSON.parse(answer.text) as { message: string }).message).toContain('प्रीमियम रतलामी सेव')
  })
})

describe("a sign-in provider's refusal is told in the page's language", () => {
  /** The sign-in page's alert, as served for `?error=<code>`. */
  async function alertOf(path: string): Promise<string | undefined> {
    const html = await (await fetch(`${server.url}${path}`)).text()
    return /<[^>]+role="alert"[^>]*>([^<]*)</.exec(html)?.[1]
  }

  it('a shopper who cancelled at the provider', async () => {
    expect(await alertOf('/auth?error=access_denied')).toBe(
      'Sign-in was cancelled or refused at the provider. You can try again or choose another way to sign in.',
    )
    expect(await alertOf('/hi/auth?error=access_denied')).toBe(
      'साइन इन रद्द हो गया या साइन इन सेवा ने मना कर दिया। आप फिर से कोशिश कर सकते हैं या साइन इन का कोई दूसरा तरीका चुन सकते हैं।',
    )
  })

  it('a code the shop does not know', async () => {
    expect(await alertOf('/auth?error=SOMETHING_ELSE')).toBe(
      'We could not sign you in with that provider. Please try again or choose another way to sign in.',
    )
    expect(await alertOf('/hi/auth?error=SOMETHING_ELSE')).toBe(
      'उस साइन इन सेवा से हम आपको साइन इन नहीं करा पाए। कृपया फिर से कोशिश करें या साइन इन का कोई दूसरा तरीका चुनें।',
    )
  })
})
