import { describe, expect, it } from 'vitest'
import { formatIndianMobile, normaliseIndianMobile, telHref, whatsappHref } from './phone.ts'

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

describe('WhatsApp chat links', () => {
  it('opens a chat with the number as wa.me writes it: country code and digits only', () => {
    expect(whatsappHref('+91 98765 43210')).toBe('https://wa.me/919876543210')
    expect(whatsappHref('098765-43210')).toBe('https://wa.me/919876543210')
    expect(whatsappHref('+91 98765 43210', '')).toBe('https://wa.me/919876543210')
  })

  it('types the first message in, encoded so that spaces, & and # stay part of it', () => {
    const href = whatsappHref('9876543210', 'Kaju & Badam mix: 500 g? #1')
    expect(href).toBe('https://wa.me/919876543210?text=Kaju%20%26%20Badam%20mix%3A%20500%20g%3F%20%231')
    const url = new URL(href)
    expect(url.hash).toBe('')
    expect([...url.searchParams.keys()]).toEqual(['text'])
    expect(url.searchParams.get('text')).toBe('Kaju & Badam mix: 500 g? #1')
  })

  it('carries a Hindi message in UTF-8, whole', () => {
    const text = 'नमस्ते, मुझे अपने ऑर्डर #a1b2c3d4 के बारे में कुछ पूछना है।'
    const href = whatsappHref('+91 98765 43210', text)
    expect(href).toMatch(
      /^https:\/\/wa\.me\/919876543210\?text=%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87%2C%20/,
    )
    expect(href).toContain('%20%23a1b2c3d4%20')
    expect(href).not.toMatch(/[^\x21-\x7e]/)
    expect(new URL(href).searchParams.get('text')).toBe(text)
  })
})
