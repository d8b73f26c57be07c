import { describe, expect, it } from 'vitest'
import { checkEndpoint, isPublicAddress } from './push-endpoint.server.ts'

describe('push endpoint checks (request forgery)', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.16.4.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:7f00:1',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['8.8.8.8', '142.250.183.10', '2607:f8b0:4004:800::200a', '::ffff:8.8.8.8'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

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
