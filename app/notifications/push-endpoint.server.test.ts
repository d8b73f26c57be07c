import { describe, expect, it } from 'vitest'
import { checkEndpoint } from './push-endpoint.server.ts'

describe('push endpoint checks (request forgery)', () => {
  it('refuses a host that resolves to a private address, even among public ones', async () => {
    const resolve = async (host: string) =>
      host === 'rebind.example' ? ['142.250.183.10', '10.0.0.1'] : ['142.250.183.10']
    expect(await checkEndpoint('https://rebind.example/x', { allowPrivate: false, resolve })).toMatchObject({
      ok: false,
    })
    expect(await checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', { allowPrivate: false, resolve })).toEqual({
      ok: true,
    })
    const failing = async () => Promise.reject(new Error('ENOTFOUND'))
    expect(await checkEndpoint('https://nowhere.example/x', { allowPrivate: false, resolve: failing })).toEqual({
      ok: false,
      message: 'The endpoint’s host could not be found.',
    })
  })

  it('accepts http and private addresses only when allowed', async () => {
    expect(await checkEndpoint('http://127.0.0.1:9/x', { allowPrivate: false })).toMatchObject({ ok: false })
    expect(await checkEndpoint('http://127.0.0.1:9/x', { allowPrivate: true })).toEqual({ ok: true })
  })
})
