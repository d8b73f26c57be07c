// What a coupon's card says about it now: the same order of reasons as the checkout's refusals.
import { formatRupees } from '#app/shared/money.ts'

export interface CouponFacts {
  kind: 'percent' | 'flat'
  percentOff: number | null
  amountOff: number | null
  isActive: boolean
  startsAt: Date | string | null
  endsAt: Date | string | null
  maxUses: number | null
  uses: number
}

export type CouponState = 'active' | 'disabled' | 'scheduled' | 'expired' | 'used-up'

export const COUPON_STATE_LABEL: Record<CouponState, string> = {
  active: 'Active',
  disabled: 'Disabled',
  scheduled: 'Not started',
  expired: 'Expired',
  'used-up': 'Used up',
}

export function couponState(coupon: CouponFacts, now: Date): CouponState {
  if (!coupon.isActive) return 'disabled'
  if (coupon.startsAt && now < new Date(coupon.startsAt)) return 'scheduled'
  if (coupon.endsAt && now >= new Date(coupon.endsAt)) return 'expired'
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'used-up'
  return 'active'
}

/** '10% off' or '₹100.00 off'. */
export function couponOffer(coupon: CouponFacts): string {
  return coupon.kind === 'flat' ? `${formatRupees(coupon.amountOff ?? 0)} off` : `${coupon.percentOff ?? 0}% off`
}
