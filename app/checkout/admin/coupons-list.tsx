// The Settings tab's coupons: each with its offer, its terms, its dates and how often it was used.
import { Pencil, Plus, TicketPercent } from 'lucide-react'
import { Link } from 'react-router'
import { formatRupees } from '#app/shared/money.ts'
import { Badge } from '#app/ui/badge.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import type { CouponListItem } from '../coupons-admin.server.ts'
import { COUPON_STATE_LABEL, type CouponState, couponOffer, couponState } from './coupon-status.ts'

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
})

/** The coupon's days in India: ends_at is the moment after the last day. */
export function couponDays(startsAt: Date | string | null, endsAt: Date | string | null): string {
  const first = startsAt ? dayFormat.format(new Date(startsAt)) : null
  const last = endsAt ? dayFormat.format(new Date(new Date(endsAt).getTime() - 1)) : null
  if (first && last) return `${first} – ${last}`
  if (first) return `From ${first}`
  if (last) return `Until ${last}`
  return 'No end date'
}

const STATE_CLASS: Record<CouponState, string> = {
  active: 'border-transparent bg-success text-white',
  disabled: 'border-transparent bg-muted text-muted-foreground',
  scheduled: 'border-transparent bg-accent text-accent-foreground',
  expired: 'border-transparent bg-muted text-muted-foreground',
  'used-up': 'border-transparent bg-muted text-muted-foreground',
}

export function CouponsList({ coupons, now }: { coupons: CouponListItem[]; now: string }) {
  const at = new Date(now)
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <section aria-labelledby="coupons-title" id="coupons" className="scroll-mt-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="coupons-title" className="text-xl font-bold">
                Coupons
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                Codes shoppers type in the cart. The server checks every term again when an order is placed.
              </p>
            </div>
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link to="/admin/settings/coupons/new">
                <Plus aria-hidden /> New coupon
              </Link>
            </Button>
          </div>
          {coupons.length === 0 ? (
            <p className="mt-5 rounded-lg bg-secondary/40 p-4 text-muted-foreground">No coupons yet.</p>
          ) : (
            <ul className="mt-5 grid gap-3 md:grid-cols-2" aria-label="Coupons">
              {coupons.map((coupon) => {
                const state = couponState(coupon, at)
                return (
                  <li key={coupon.code}>
                    <article
                      aria-labelledby={`coupon-${coupon.code}`}
                      className="flex h-full flex-col gap-3 rounded-lg border bg-card p-4"
                    >
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <h3
                            id={`coupon-${coupon.code}`}
                            className="flex items-center gap-2 font-mono text-lg font-bold break-all text-brown"
                          >
                            <TicketPercent className="size-5 shrink-0 text-primary" aria-hidden />
                            {coupon.code}
                          </h3>
                          <p className="text-sm text-muted-foreground">{coupon.description}</p>
                        </div>
                        <Badge className={STATE_CLASS[state]}>{COUPON_STATE_LABEL[state]}</Badge>
                      </div>
                      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                        <div>
                          <dt className="text-muted-foreground">Offer</dt>
                          <dd className="font-semibold">{couponOffer(coupon)}</dd>
                        </div>
                        <div>
                          <dt className="text-muted-foreground">Minimum order</dt>
                          <dd className="font-semibold">
                            {coupon.minOrderAmount > 0 ? formatRupees(coupon.minOrderAmount) : 'None'}
                          </dd>
                        </div>
                        <div>
                          <dt className="text-muted-foreground">Who</dt>
                          <dd className="font-semibold">
                            {[
                              coupon.firstOrderOnly ? 'First order only' : 'Any order',
                              coupon.onePerCustomer ? 'once per customer' : 'reusable',
                            ].join(', ')}
                          </dd>
                        </div>
                        <div>
                          <dt className="text-muted-foreground">Dates</dt>
                          <dd className="font-semibold">{couponDays(coupon.startsAt, coupon.endsAt)}</dd>
                        </div>
                        <div className="col-span-2">
                          <dt className="text-muted-foreground">Uses so far</dt>
                          <dd className="font-semibold">
                            {coupon.uses.toLocaleString('en-IN')}
                            {coupon.maxUses !== null &&
                              ` of ${coupon.maxUses.toLocaleString('en-IN')} (${Math.max(0, coupon.maxUses - coupon.uses).toLocaleString('en-IN')} left)`}
                          </dd>
                        </div>
                      </dl>
                      <Button asChild variant="outline" className="mt-auto h-11 self-start">
                        <Link to={`/admin/settings/coupons/${coupon.code}`} aria-label={`Edit ${coupon.code}`}>
                          <Pencil aria-hidden /> Edit
                        </Link>
                      </Button>
                    </article>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  )
}
