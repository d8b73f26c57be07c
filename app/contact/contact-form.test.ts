import { describe, expect, it } from 'vitest'
import { getLocale, overwriteGetLocale } from '#app/paraglide/runtime.js'
import { CONTACT_LIMITS, type ContactFormValues, contactFormValues, validateContactForm } from './contact-form.ts'

const valid: ContactFormValues = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha.verma@example.com',
  phone: '',
  message: 'Do you send 1kg packs of Ratlami sev to Pune?',
}

function errorsFor(values: Partial<ContactFormValues>) {
  const result = validateContactForm({ ...valid, ...values })
  return result.ok ? {} : result.fieldErrors
}

describe('contact form', () => {
  it('accepts a complete message and trims what was typed', () => {
    const result = validateContactForm({ ...valid, firstName: '  Asha ', email: ' asha.verma@example.com ' })
    expect(result).toEqual({ ok: true, data: { ...valid, phone: null } })
  })

  it('names every missing field', () => {
    const result = validateContactForm({ firstName: '', lastName: ' ', email: '', phone: '', message: '' })
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        firstName: 'Please enter your first name.',
        lastName: 'Please enter your last name.',
        email: 'Please enter your e-mail address.',
        message: 'Please write your message.',
      },
    })
  })

  it.each(['asha', 'asha@', '@example.com', 'asha@example', 'asha verma@example.com', 'asha@@example.com'])(
    'refuses the malformed e-mail %j',
    (email) => {
      expect(errorsFor({ email })).toEqual({ email: 'Please enter a valid e-mail address, like name@example.com.' })
    },
  )

  it('keeps within the length limits', () => {
    const longest = 'a'.repeat(CONTACT_LIMITS.name)
    expect(errorsFor({ firstName: longest, lastName: longest })).toEqual({})
    expect(errorsFor({ firstName: `${longest}a` }).firstName).toMatch(/80 characters or fewer/)
    expect(errorsFor({ lastName: `${longest}a` }).lastName).toMatch(/80 characters or fewer/)
    expect(errorsFor({ email: `${'a'.repeat(243)}@example.com` }).email).toMatch(/254 characters or fewer/)
    expect(errorsFor({ message: 'x'.repeat(CONTACT_LIMITS.messageMax) })).toEqual({})
    expect(errorsFor({ message: 'x'.repeat(CONTACT_LIMITS.messageMax + 1) }).message).toMatch(/2,000 characters/)
    expect(errorsFor({ message: 'x'.repeat(10_000) }).message).toMatch(/2,000 characters/)
    expect(errorsFor({ message: 'Too short' }).message).toMatch(/at least 10 characters/)
  })

  it('counts a posted line break (CRLF) as one character, like the browser counter', () => {
    const lines = `${'x'.repeat(999)}\r\n${'y'.repeat(1000)}`
    const result = validateContactForm({ ...valid, message: lines })
    expect(result.ok && result.data.message).toBe(`${'x'.repeat(999)}\n${'y'.repeat(1000)}`)
  })

  it('takes names in any script, and refuses digits and links', () => {
    expect(errorsFor({ firstName: 'आशा', lastName: "D'Souza-Iyer" })).toEqual({})
    expect(errorsFor({ firstName: 'K. S.', lastName: 'Nāyar' })).toEqual({})
    expect(errorsFor({ firstName: 'Asha2' }).firstName).toMatch(/letters only/)
    expect(errorsFor({ lastName: 'http://spam.example' }).lastName).toMatch(/letters only/)
  })

  it('stores a given phone number in its canonical form', () => {
    const result = validateContactForm({ ...valid, phone: '098765-43210' })
    expect(result.ok && result.data.phone).toBe('+919876543210')
  })

  it.each(['12345', '5876543210', '+1 202 555 0100', 'none'])('refuses the phone number %j', (phone) => {
    expect(errorsFor({ phone }).phone).toMatch(/10-digit Indian mobile number/)
  })

  it('reads posted fields as text, and a missing or file field as empty', () => {
    const form = new FormData()
    form.set('firstName', 'Asha')
    form.set('message', new File(['x'], 'x.txt'))
    form.set('price', '1')
    expect(contactFormValues(form)).toEqual({ firstName: 'Asha', lastName: '', email: '', phone: '', message: '' })
  })
})

describe('the contact form on a Hindi page', () => {
  it('refuses in Hindi, the same schema read in the page language when a value is checked', () => {
    const base = getLocale
    overwriteGetLocale(() => 'hi')
    try {
      expect(errorsFor({ firstName: '', lastName: 'V3rma', phone: '12345', message: 'Hi' })).toEqual({
        firstName: 'कृपया अपना पहला नाम लिखें।',
        lastName: 'कृपया उपनाम में केवल अक्षर लिखें (स्पेस, बिंदु, एपॉस्ट्रॉफ़ी और हाइफ़न चल जाएँगे)।',
        phone: 'कृपया 10 अंकों का भारतीय मोबाइल नंबर लिखें, जैसे 98765 43210, या यह खाना ख़ाली छोड़ दें।',
        message: 'कृपया कम से कम 10 अक्षर लिखें, ताकि हम आपकी मदद कर सकें।',
      })
    } finally {
      overwriteGetLocale(base)
    }
    expect(errorsFor({ firstName: '' })).toEqual({ firstName: 'Please enter your first name.' })
  })
})
