import { describe, expect, it } from 'vitest'
import {
  WhatsAppConsentError,
  whatsAppConsentRow,
  whatsAppOptInWording,
  whatsAppWithdrawWording,
} from './consent.server.ts'

const checkout = {
  phone: '098765-43210',
  userId: null,
  orderId: '7d0c2f4e-3b7a-4d55-9a11-2f6f3c1b9e01',
  granted: true,
  wording: 'Send me order updates on WhatsApp from Malwa Foods LLP',
  locale: 'en',
  source: 'checkout',
} as const

describe('the WhatsApp opt-in', () => {
  it('names the business by its legal name, in English and in Hindi', () => {
    expect(whatsAppOptInWording('Malwa Foods LLP', 'en')).toBe('Send me order updates on WhatsApp from Malwa Foods LLP')
    expect(whatsAppOptInWording('Malwa Foods LLP', 'hi')).toBe(
      'मुझे Malwa Foods LLP की ओर से WhatsApp पर ऑर्डर की जानकारी भेजें',
    )
    expect(whatsAppWithdrawWording('Malwa Foods LLP', 'en')).toBe(
      'Stop sending me order updates on WhatsApp from Malwa Foods LLP',
    )
    expect(whatsAppWithdrawWording('Malwa Foods LLP', 'hi')).toBe(
      'मुझे Malwa Foods LLP की ओर से WhatsApp पर ऑर्डर की जानकारी भेजना बंद करें',
    )
  })

  it('is recorded with the number in its one stored form, at the time given', () => {
    const now = new Date('2026-11-29T10:00:00Z')
    expect(whatsAppConsentRow({ ...checkout, now })).toEqual({
      phone: '+919876543210',
      userId: null,
      orderId: checkout.orderId,
      granted: true,
      wording: checkout.wording,
      locale: 'en',
      source: 'checkout',
      createdAt: now,
    })
  })

  it.each([
    [{ phone: '12345' }, 'an Indian mobile number'],
    [{ phone: '+14155550123' }, 'an Indian mobile number'],
    [{ wording: '  ' }, 'the sentence the person saw'],
    [{ orderId: null }, 'names its order'],
  ])('refuses %j: it needs %s', (change, needs) => {
    expect(() => whatsAppConsentRow({ ...checkout, ...change })).toThrow(WhatsAppConsentError)
    expect(() => whatsAppConsentRow({ ...checkout, ...change })).toThrow(needs)
  })

  it('takes a withdrawal without an order, from My Account or a STOP reply', () => {
    expect(
      whatsAppConsentRow({ ...checkout, orderId: null, granted: false, wording: 'STOP', source: 'whatsapp' }),
    ).toMatchObject({ orderId: null, granted: false, wording: 'STOP', source: 'whatsapp' })
  })
})
