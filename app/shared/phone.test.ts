import { describe, expect, it } from 'vitest'
import { formatIndianMobile, normaliseIndianMobile, telHref } from './phone.ts'

describe('Indian mobile numbers', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['6000000000', '+916000000000'],
    ['7012345678', '+917012345678'],
    ['8123456789', '+918123456789'],
    ['+919876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['91 98765 43210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['0 98765 43210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['98765-43210', '+919876543210'],
    ['  98765\u00a043210  ', '+919876543210'],
    ['9191919191', '+919191919191'],
  ])('accepts %j as %s', (input, canonical) => {
    expect(normaliseIndianMobile(input)).toBe(canonical)
  })

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['5876543210', 'starts with 5'],
    ['0123456789', 'starts with 0 after no prefix'],
    ['987654321', 'nine digits'],
    ['98765432101', 'eleven digits without a 0 in front'],
    ['+9198765432', 'too short after +91'],
    ['+1 98765 43210', 'another country code'],
    ['+91 0 98765 43210', '+91 and a 0'],
    ['0091 98765 43210', 'international 00 prefix'],
    ['92 98765 43210', 'a 12-digit number not starting with 91'],
    ['98765.43210', 'dots'],
    ['(98765) 43210', 'brackets'],
    ['98765 4321O', 'a letter O for a zero'],
    ['९८७६५४३२१०', 'Devanagari digits'],
    ['98+76543210', 'a plus in the middle'],
    ['call 9876543210', 'words'],
  ])('refuses %j (%s)', (input) => {
    expect(normaliseIndianMobile(input)).toBeNull()
  })

  it('formats a canonical number for display', () => {
    expect(formatIndianMobile('+919876543210')).toBe('+91 98765 43210')
    expect(formatIndianMobile('09876543210')).toBe('+91 98765 43210')
  })

  it('leaves text that is not a mobile number as it is', () => {
    expect(formatIndianMobile('022 2345 6789')).toBe('022 2345 6789')
  })

  it('links a written number for dialling', () => {
    expect(telHref('+91 98765 43210')).toBe('tel:+919876543210')
    expect(telHref('022-2345 6789')).toBe('tel:02223456789')
  })
})
