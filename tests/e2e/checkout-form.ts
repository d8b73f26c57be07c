// What a browser posts to /checkout: a complete, valid delivery form with a fresh idempotency key and a
// mobile number nobody else in the run uses; tests add or change fields (forged ones included).
import { randomUUID } from 'node:crypto'
import { uniquePhone } from './accounts-helpers.ts'

export function checkoutForm(fields: Record<string, string> = {}): Record<string, string> {
  return {
    idempotencyKey: randomUUID(),
    fullName: 'Asha Verma',
    email: 'asha@example.in',
    phone: uniquePhone(),
    address: '12, Vijay Nagar, Scheme 54',
    city: 'Indore',
    state: 'Madhya Pradesh',
    pincode: '452010',
    paymentMethod: 'cod',
    acceptTerms: 'on',
    ...fields,
  }
}
