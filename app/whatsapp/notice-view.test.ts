// The owner's words for a WhatsApp notice: one sentence for a failed one, whichever part of the shop
// found it failed (the sender's refusal or the status webhook).
import { describe, expect, it } from 'vitest'
import { orderNumber } from '#app/orders/status.ts'
import { failedNoticeAlert, failureReason, templateLabel } from './notice-view.ts'

describe('failedNoticeAlert', () => {
  it("names the order, the notice in the owner's words, the customer's number and the reason", () => {
    const orderId = '0b7e9d2c-5a41-4c3e-9f10-7d2b4f2a9c1e'
    expect(
      failedNoticeAlert(
        { template: 'order_shipped', toPhone: '+919876543210', orderId },
        failureReason({ errorCode: 131026, errorTitle: 'Message undeliverable' })!,
      ),
    ).toBe(
      `Order #${orderNumber(orderId)}: the WhatsApp notice “Shipped” to +91 98765 43210 failed: Message undeliverable (131026)`,
    )
  })

  it('starts with the notice itself when it belongs to no order', () => {
    expect(
      failedNoticeAlert({ template: 'delivery_otp', toPhone: '+919876543210', orderId: null }, 'Answer lost'),
    ).toBe('The WhatsApp notice “Delivery OTP” to +91 98765 43210 failed: Answer lost')
  })

  it("words the shop's own rider's news as the courier's", () => {
    expect(templateLabel('out_for_delivery_own_rider')).toBe(templateLabel('out_for_delivery'))
  })
})
