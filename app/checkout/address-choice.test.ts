import { describe, expect, it } from 'vitest'
import { deliveryDetails } from '../../tests/delivery-details.ts'
import { initialAddressChoice, validateCheckoutForm } from './address-choice.ts'
import { NEW_ADDRESS } from './delivery-fields.ts'

/** A saved address as the book keeps it: Kamla Verma in Bhopal. */
const parents = {
  fullName: 'Kamla Verma',
  phone: '+919826012345',
  address: '45, Arera Colony, E-3',
  city: 'Bhopal',
  state: 'Madhya Pradesh',
  pincode: '462016',
}
const noSave = { save: false, saveLabel: '' }

describe('the checkout’s address choice', () => {
  it('orders to a saved address’s recipient and address, whatever the typed fields say', () => {
    const result = validateCheckoutForm(
      { ...deliveryDetails({ fullName: '', address: '', pincode: '' }), email: 'asha@example.in' },
      parents,
      noSave,
    )
    expect(result).toMatchObject({ ok: true, data: { ...parents, email: 'asha@example.in' }, save: null })
  })

  it('checks a saved address by the typed address’s rules, and tells its failure at the choice', () => {
    // Saved before the rule, or changed behind the form's back: the PIN code is not in the state.
    const result = validateCheckoutForm(deliveryDetails(), { ...parents, state: 'Kerala' }, noSave)
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        savedAddressId: 'This PIN code is not in Kerala. Please check your PIN code or the state you chose.',
      },
    })
    const badPhone = validateCheckoutForm(deliveryDetails(), { ...parents, phone: '12345' }, noSave)
    expect(badPhone.ok ? null : badPhone.fieldErrors).toEqual({
      savedAddressId: 'Please enter a 10-digit Indian mobile number, like 98765 43210.',
    })
    // The fields the shopper does type are still theirs to fix.
    const noTerms = validateCheckoutForm(deliveryDetails({ acceptTerms: '' as 'on' }), parents, noSave)
    expect(noTerms.ok ? null : Object.keys(noTerms.fieldErrors)).toEqual(['acceptTerms'])
  })

  it('keeps a new address only under one of the offered labels, and never for a saved one', () => {
    expect(validateCheckoutForm(deliveryDetails(), null, { save: true, saveLabel: 'office' })).toMatchObject({
      ok: true,
      save: { label: 'office' },
    })
    const forged = validateCheckoutForm(deliveryDetails(), null, { save: true, saveLabel: 'other' })
    expect(forged.ok ? null : forged.fieldErrors).toEqual({
      saveLabel: 'Please choose a label: Home, Parents, Office or Other.',
    })
    expect(validateCheckoutForm(deliveryDetails(), parents, { save: true, saveLabel: 'home' })).toMatchObject({
      ok: true,
      save: null,
    })
  })

  it('starts on the saved address of the remembered PIN code, the default on a new device, or a new address', () => {
    const book = [
      { id: 'home', pincode: '452010' },
      { id: 'parents', pincode: '462016' },
    ]
    expect(initialAddressChoice([], '452010')).toBe(NEW_ADDRESS)
    expect(initialAddressChoice(book, null)).toBe('home')
    expect(initialAddressChoice(book, '462016')).toBe('parents')
    expect(initialAddressChoice(book, '110001')).toBe(NEW_ADDRESS)
  })
})
