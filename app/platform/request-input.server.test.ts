import { describe, expect, it } from 'vitest'
import { normaliseText, readRequestInput } from './request-input.server.ts'

const SHOP = 'https://shop.test'

describe('normaliseText', () => {
  it('removes NUL and other control characters but keeps tabs and line ends', () => {
    expect(normaliseText('a\u0000b\u0007c\u001b\u007f\u0085d\te\r\nf')).toBe('abcd\te\r\nf')
  })
  it('makes lone surrogates U+FFFD and composes to NFC, keeping emoji, RTL text and combining marks', () => {
    expect(normaliseText('x\ud800y')).toBe('x\ufffdy')
    expect(normaliseText('Cafe\u0301')).toBe('Caf\u00e9')
    expect(normaliseText('👨‍👩‍👧 سيف ק\u05b8')).toBe('👨‍👩‍👧 سيف ק\u05b8'.normalize('NFC'))
  })
})

describe('readRequestInput', () => {
  it('cleans the query and the path, and leaves a clean GET untouched', async () => {
    const clean = new Request('http://shop.test/products?q=sev')
    expect(await readRequestInput(clean, SHOP)).toBe(clean)
    const read = await readRequestInput(new Request('http://shop.test/products/sev%00?q=a%00b'), SHOP)
    expect((read as Request).url).toBe('http://shop.test/products/sev?q=ab')
  })
  it('cleans form and JSON bodies and refuses what a route does not take', async () => {
    const form = (await readRequestInput(
      new Request('http://shop.test/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'message=hi%00there',
      }),
      SHOP,
    )) as Request
    expect((await form.formData()).get('message')).toBe('hithere')
    const json = (await readRequestInput(
      new Request('http://shop.test/api/push/subscriptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"endpoint":"a\\u0000b"}',
      }),
      SHOP,
    )) as Request
    expect(await json.json()).toEqual({ endpoint: 'ab' })
    const proto = (await readRequestInput(
      new Request('http://shop.test/api/push/subscriptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"admin":true},"name":"a\\u0000"}',
      }),
      SHOP,
    )) as Request
    expect(await proto.text()).toBe('{"__proto__":{"admin":true},"name":"a"}')
    const refused = await readRequestInput(
      new Request('http://shop.test/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      SHOP,
    )
    expect(refused).toMatchObject({ status: 415 })
  })
  it('refuses a change sent from another site, and takes one from the shop’s public address', async () => {
    const post = (origin: string) =>
      readRequestInput(
        new Request('http://127.0.0.1:3000/contact', {
          method: 'POST',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'message=hi',
        }),
        SHOP,
      )
    expect(await post('https://evil.example')).toMatchObject({ status: 403 })
    expect(await post('null')).toMatchObject({ status: 403 })
    expect(await post(SHOP)).toBeInstanceOf(Request)
    expect(await post('http://127.0.0.1:3000')).toBeInstanceOf(Request)
  })
})
