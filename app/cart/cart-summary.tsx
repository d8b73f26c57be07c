// The cart's money block (drawer and checkout) and the coupon field. Figures come from the server.
import { Tag, X } from 'lucide-react'
import { useId } from 'react'
import type { CouponCheck } from '#app/checkout/coupons.server.ts'
import type { Totals } from '#app/checkout/totals.ts'
import { TotalsList } from '#app/checkout/totals-list.tsx'
import { m } from '#app/paraglide/messages.js'
import { formatRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { CartForm } from './cart-form.tsx'

export function CartSummary({
  totals,
  coupon,
  deliveryLabel,
}: {
  totals: Totals
  coupon: CouponCheck | null
  deliveryLabel?: string
}) {
  return (
    <div className="space-y-2">
      {totals.freeDeliveryShortfall > 0 && (
        <p className="rounded-md border border-accent bg-accent/20 px-3 py-2 text-sm font-semibold text-brown">
          {m.cart_free_delivery_hint({ amount: formatRupees(totals.freeDeliveryShortfall) })}
        </p>
      )}
      <TotalsList {...totals} couponCode={coupon?.ok ? coupon.code : null} deliveryLabel={deliveryLabel} />
    </div>
  )
}

/** Applies a code (FIRST10); an applied one can be removed; a refused one says why. */
export function CouponField({ coupon }: { coupon: CouponCheck | null }) {
  const id = useId()
  if (coupon) {
    return (
      <CartForm className="flex items-start justify-between gap-2 rounded-md border border-dashed border-primary/50 px-3 py-2">
        {(busy) => (
          <>
            <p className="flex items-start gap-2 text-sm">
              <Tag className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {coupon.ok ? (
                <span>
                  <span className="font-semibold">{coupon.code}</span>{' '}
                  {m.coupon_applied({ description: coupon.description })}
                </span>
              ) : (
                <span className="text-destructive">{coupon.reason}</span>
              )}
            </p>
            <Button
              type="submit"
              name="intent"
              value="remove-coupon"
              variant="ghost"
              size="icon"
              disabled={busy}
              aria-label={m.remove_coupon({ code: coupon.code })}
              className="-my-2 -mr-2 size-11"
            >
              <X aria-hidden />
            </Button>
          </>
        )}
      </CartForm>
    )
  }
  return (
    <CartForm className="flex gap-2">
      {(busy) => (
        <>
          <input type="hidden" name="intent" value="coupon" />
          <label htmlFor={`${id}-code`} className="sr-only">
            {m.coupon_code()}
          </label>
          <input
            id={`${id}-code`}
            name="code"
            placeholder={m.coupon_code()}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={30}
            required
            className="h-10 min-w-0 flex-1 rounded-md border border-input bg-card px-3 text-sm uppercase outline-none placeholder:normal-case focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
          />
          <Button type="submit" variant="outline" disabled={busy}>
            {m.apply()}
          </Button>
        </>
      )}
    </CartForm>
  )
}
