import { describe, expect, it } from 'vitest'
import { getLocale, overwriteGetLocale } from '#app/paraglide/runtime.js'
import { deliveryDetails } from '../../tests/delivery-details.ts'
import { addressFieldsOf, shippingAddress, validateDeliveryForm } from './delivery-form.ts'

const good = deliveryDetails({ phone: '098765-43210' })

describe('the checkout form', () => {
  it('accepts a complete Indian address and stores the mobile number as +91XXXXXXXXXX', () => {
    const result = validateDeliveryForm(good)
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(result.data.phone).toBe('+919876543210')
      expect(shippingAddress(result.data)).toBe('12, Vijay Nagar, Scheme 54, Indore, Madhya Pradesh - 452010')
    }
  })

  it.each([
    ['fullName', '', 'Please enter your full name.'],
    ['email', 'asha@', 'Please enter a valid e-mail address, like name@example.com.'],
    ['phone', '12345', 'Please enter a 10-digit Indian mobile number, like 98765 43210.'],
    ['phone', '', 'Please enter your mobile number.'],
    ['address', 'Indore', 'Please enter your full address: house number, street and area.'],
    ['city', ' ', 'Please enter your city.'],
    ['state', 'Orissa', 'Please choose your state or union territory from the list.'],
    ['state', '', 'Please choose your state or union territory.'],
    ['pincode', '052001', 'A PIN code never starts with 0. Please check it, like 452001.'],
    ['pincode', '45200', 'Please enter a 6-digit PIN code, like 452001.'],
    ['paymentMethod', 'cheque', 'Please choose how you will pay.'],
    ['acceptTerms', '', 'Please accept the terms and conditions and the privacy policy to place your order.'],
  ])('refuses %s %j with a clear message', (field, value, message) => {
    const result = validateDeliveryForm({ ...good, [field]: value })
    expect(result).toEqual({ ok: false, fieldErrors: { [field]: message } })
  })

  it('accepts today’s union territories and refuses old names', () => {
    const silvassa = { state: 'Dadra and Nagar Haveli and Daman and Diu', pincode: '396230' }
    expect(validateDeliveryForm({ ...good, ...silvassa }).ok).toBe(true)
    expect(validateDeliveryForm({ ...good, state: 'Ladakh', pincode: '194101' }).ok).toBe(true)
    expect(validateDeliveryForm({ ...good, state: 'Pondicherry' }).ok).toBe(false)
  })

  it('writes a multi-line address on one line', () => {
    const result = validateDeliveryForm({ ...good, address: '12, Vijay Nagar\nScheme 54' })
    expect(result.ok && shippingAddress(result.data)).toBe(
      '12, Vijay Nagar, Scheme 54, Indore, Madhya Pradesh - 452010',
    )
  })

  it('reads an order’s one-line address back into the form’s fields', () => {
    const result = validateDeliveryForm({ ...good, address: '12, Vijay Nagar\nScheme 54' })
    expect(result.ok && addressFieldsOf(shippingAddress(result.data))).toEqual({
      address: '12, Vijay Nagar, Scheme 54',
      city: 'Indore',
      state: 'Madhya Pradesh',
      pincode: '452010',
    })
    expect(addressFieldsOf('12 MG Road, Indore - 452010')).toBeNull()
    expect(addressFieldsOf('12 MG Road, Indore, Malwa - 452010')).toBeNull()
  })

  it('refuses a PIN code from another postal region than the chosen state, on the PIN code', () => {
    const result = validateDeliveryForm({ ...good, state: 'Kerala' })
    expect(result).toEqual({
      ok: false,
      fieldErrors: { pincode: 'This PIN code is not in Kerala. Please check your PIN code or the state you chose.' },
    })
  })

  it('refuses a PIN code that is not six digits', () => {
    for (const pincode of ['45201', '4520101', '45200x']) {
      expect(validateDeliveryForm({ ...good, pincode }), pincode).toEqual({
        ok: false,
        fieldErrors: { pincode: 'Please enter a 6-digit PIN code, like 452001.' },
      })
    }
  })
})

describe('the checkout form on a Hindi page', () => {
  it('refuses in Hindi, the same schema read in the page language when a value is checked', () => {
    const base = getLocale
    overwriteGetLocale(() => 'hi')
    try {
      const result = validateDeliveryForm({ ...good, fullName: '', pincode: '45200', state: 'Kerala' })
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.fieldErrors.fullName).toBe('कृपया अपना पूरा नाम लिखें।')
        expect(result.fieldErrors.pincode).toBe('कृपया 6 अंकों का पिन कोड लिखें, जैसे 452001।')
      }
      expect(validateDeliveryForm({ ...good, pincode: '682001' })).toMatchObject({
        fieldErrors: { pincode: 'यह पिन कोड मध्य प्रदेश में नहीं है। कृपया अपना पिन कोड या चुना हुआ राज्य जाँच लें।' },
      })
    } finally {
      overwriteGetLocale(base)
    }
    expect(validateDeliveryForm({ ...good, fullName: '' })).toMatchObject({
      fieldErrors: { fullName: 'Please enter your full name.' },
    })
  })

  it('says in Hindi that a PIN code never starts with 0 when six digits do', () => {
    const base = getLocale
    overwriteGetLocale(() => 'hi')
    try {
      expect(validateDeliveryForm({ ...good, pincode: '000000' })).toEqual({
        ok: false,
        fieldErrors: { pincode: 'पिन कोड 0 से शुरू नहीं होता। कृपया इसे जाँच लें, जैसे 452001।' },
      })
    } finally {
      overwriteGetLocale(base)
    }
  })
})
