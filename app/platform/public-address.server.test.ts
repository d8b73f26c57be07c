import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './public-address.server.ts'

describe('public addresses (request forgery)', () => {
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
    '::7f00:1',
    '::a00:1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
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
})
