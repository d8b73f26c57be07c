import { describe, expect, it } from 'vitest'
import { getLocale, overwriteGetLocale } from '#app/paraglide/runtime.js'
import { shownAddress } from '#app/shared/state-names.ts'
import { formatOrderDate, paymentMethodText, statusNoteText } from './order-texts.ts'

/** Runs `read` as on a Hindi page. */
function onHindiPage<T>(read: () => T): T {
  const base = getLocale
  overwriteGetLocale(() => 'hi')
  try {
    return read()
  } finally {
    overwriteGetLocale(base)
  }
}

describe("an order's texts", () => {
  it('name a payment method in the page language, or the one asked for (e-mails, the admin panel)', () => {
    expect(paymentMethodText('cod')).toBe('Cash on Delivery')
    expect(paymentMethodText('online')).toBe('Online payment')
    expect(paymentMethodText('cod', 'hi')).toBe('कैश ऑन डिलीवरी')
    expect(onHindiPage(() => paymentMethodText('online'))).toBe('ऑनलाइन भुगतान')
    expect(onHindiPage(() => paymentMethodText('cod', 'en'))).toBe('Cash on Delivery')
  })

  it("read the shop's own history notes in Hindi and show the owner's notes as typed", () => {
    expect(statusNoteText('Order placed')).toBe('Order placed')
    expect(onHindiPage(() => statusNoteText('Order placed'))).toBe('ऑर्डर मिला')
    expect(onHindiPage(() => statusNoteText('Delivery OTP verified'))).toBe('डिलीवरी OTP की जाँच हो गई')
    expect(onHindiPage(() => statusNoteText('Left with the neighbour'))).toBe('Left with the neighbour')
    expect(onHindiPage(() => statusNoteText('constructor'))).toBe('constructor')
  })

  it('give a Hindi time of day in words, not am/pm', () => {
    const late = new Date('2026-11-24T17:39:00Z') // 11:09 pm in India
    expect(formatOrderDate(late, true)).toBe('24 Nov 2026, 11:09 pm')
    const hindi = onHindiPage(() => formatOrderDate(late, true))
    expect(hindi).toContain('रात 11:09')
    expect(hindi).not.toMatch(/[A-Za-z]/)
    expect(formatOrderDate(late, true, 'hi')).toBe(hindi)
  })

  it("show the address's state in the page language and leave the rest as typed", () => {
    const address = '12, Vijay Nagar, Indore, Madhya Pradesh - 452010'
    expect(shownAddress(address)).toBe(address)
    expect(onHindiPage(() => shownAddress(address))).toBe('12, Vijay Nagar, Indore, मध्य प्रदेश - 452010')
    expect(onHindiPage(() => shownAddress('Near the old temple, Indore'))).toBe('Near the old temple, Indore')
  })
})
