// Subtotal, discount, delivery and total: the same rows in the cart, at checkout and on an order.

import { m } from '#app/paraglide/messages.js'
import { formatRupees } from '#app/shared/money.ts'

export function TotalsList({
  subtotal,
  discount,
  delivery,
  total,
  couponCode,
  deliveryLabel = m.delivery(),
}: {
  subtotal: number
  discount: number
  delivery: number
  total: number
  couponCode: string | null
  /** 'Delivery to 452001' where the charge is a PIN code's. */
  deliveryLabel?: string
}) {
  return (
    <dl className="space-y-1 text-sm">
      <div className="flex justify-between">
        <dt>{m.subtotal()}</dt>
        <dd>{formatRupees(subtotal)}</dd>
      </div>
      {discount > 0 && (
        <div className="flex justify-between text-success">
          <dt>{couponCode ? m.discount_with_code({ code: couponCode }) : m.discount()}</dt>
          <dd>-{formatRupees(discount)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>{deliveryLabel}</dt>
        <dd>
          {delivery === 0 ? <span className="font-semibold text-success">{m.free()}</span> : formatRupees(delivery)}
        </dd>
      </div>
      <div className="flex justify-between border-t pt-2 text-base font-bold">
        <dt>{m.total()}</dt>
        <dd>{formatRupees(total)}</dd>
      </div>
    </dl>
  )
}
