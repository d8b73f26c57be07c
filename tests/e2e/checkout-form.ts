// What a browser posts to /checkout: a complete, valid delivery form with a fresh idempotency key and a
// mobile number nobody else in the run uses; tests add or change fields (forged ones included). And the
// same shopper typing it into the page.
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import type { DeliveryDetails } from '#app/checkout/delivery-form.ts'
import { deliveryDetails } from '../delivery-details.ts'
import { uniquePhone } from './accounts-helpers.ts'

export function checkoutForm(fields: Record<string, string> = {}): Record<string, string> {
  return {
    idempotencyKey: randomUUID(),
    ...deliveryDetails({ phone: uniquePhone() }),
    ...fields,
  }
}

/** The checkout page's delivery form filled in by the tests' usual shopper (or `fields` of another), with the terms accepted. */
export async function fillDelivery(page: Page, phone: string, fields: Partial<DeliveryDetails> = {}) {
  const shopper = deliveryDetails({ ...fields, phone })
  await page.getByLabel('Full name').fill(shopper.fullName)
  await page.getByLabel('E-mail').fill(shopper.email)
  await page.getByLabel('Mobile number').fill(shopper.phone)
  await page.getByLabel('Address', { exact: true }).fill(shopper.address)
  await page.getByLabel('City').fill(shopper.city)
  await page.getByLabel('State or union territory').selectOption(shopper.state)
  await page.getByLabel('PIN code').fill(shopper.pincode)
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
}
