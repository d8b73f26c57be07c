// What a browser posts to /checkout: a complete, valid delivery form with a fresh idempotency key and a
// mobile number nobody else in the run uses; tests add or change fields (forged ones included).
import { randomUUID } from 'node:crypto'
import { deliveryDetails } from '../delivery-details.ts'
import { uniquePhone } from './accounts-helpers.ts'

export function checkoutForm(fields: Record<string, string> = {}): Record<string, string> {
  return {
    idempotencyKey: randomUUID(),
    ...deliveryDetails({ phone: uniquePhone() }),
    ...fields,
  }
}
