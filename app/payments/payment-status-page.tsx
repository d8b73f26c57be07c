// /payment-status (spec sections 2, 4 and 8): verifying, then re-checks while pending (1 s doubling
// to at most 10 s, 5 attempts), then the pending notice with 'Check Status Again'; paid, failed and
// verification-error states with the spec's buttons.
import { CircleAlert, CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react'
import { type ComponentProps, type ReactNode, useCallback, useEffect, useState } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import { Link, localize } from '#app/i18n/links.tsx'
import { markOrderPlaced } from '#app/notifications/push-support.ts'
import type { PaymentStatus } from '#app/orders/status.ts'
import { m } from '#app/paraglide/messages.js'
import { ShopPhoneLink } from '#app/settings/shop-phone-link.tsx'
import { formatRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import { invalidRequest, paymentFailed, paymentPending, paymentSuccessful, verifyFailed } from './payment-messages.ts'

export const VERIFY_ATTEMPTS = 5
/** Delay before re-check n (0-based): 1 s doubling, at most 10 s. */
export function recheckDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000)
}

export function InvalidPaymentRequest() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => void navigate(localize('/'), { replace: true }), 3000)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <Result icon={<CircleAlert className="text-destructive" aria-hidden />} title={invalidRequest.title()}>
      <p>{invalidRequest.detail()}</p>
      <Button asChild className="h-11">
        <Link to="/">{m.payment_go_home()}</Link>
      </Button>
    </Result>
  )
}

type Shown = { kind: 'status'; status: PaymentStatus } | { kind: 'error'; message: string }

export function PaymentStatusPage({
  orderId,
  orderNumber,
  total,
  signedIn,
  initial,
}: {
  orderId: string
  orderNumber: string
  total: number
  signedIn: boolean
  initial: Shown
}) {
  const fetcher = useFetcher<{ paymentStatus?: PaymentStatus; error?: string }>()
  const [shown, setShown] = useState<Shown>(initial)
  const [attempts, setAttempts] = useState(0)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  const check = useCallback(() => {
    void fetcher.load(`/api/payments/status?orderId=${orderId}`)
  }, [fetcher.load, orderId])

  // While pending, check again after 1, 2, 4, 8, 10 s.
  const pending = shown.kind === 'status' && shown.status === 'pending'
  useEffect(() => {
    if (!pending || attempts >= VERIFY_ATTEMPTS || fetcher.state !== 'idle') return
    const timer = setTimeout(() => {
      setAttempts((count) => count + 1)
      check()
    }, recheckDelayMs(attempts))
    return () => clearTimeout(timer)
  }, [pending, attempts, fetcher.state, check])

  // The endpoint's only error is the gateway not answering (or an order not found): told in the page's language.
  useNewAnswer(fetcher.data, (answer) =>
    setShown(
      answer.paymentStatus
        ? { kind: 'status', status: answer.paymentStatus }
        : { kind: 'error', message: verifyFailed() },
    ),
  )

  // A paid order is an order placed: the push banner may now show on pages that sell nothing.
  const paid = shown.kind === 'status' && shown.status === 'paid'
  useEffect(() => {
    if (paid) markOrderPlaced()
  }, [paid])

  const restart = () => {
    setShown({ kind: 'status', status: 'pending' })
    setAttempts(0)
  }
  const summary = (
    <p className="text-muted-foreground">
      {m.checkout_unpaid_before()} <span className="font-mono font-semibold text-brown">#{orderNumber}</span> ·{' '}
      {formatRupees(total)}
    </p>
  )

  if (shown.kind === 'error') {
    return (
      <Result icon={<CircleAlert className="text-destructive" aria-hidden />} title={m.payment_verification_error()}>
        <p>{shown.message}</p>
        {summary}
        <Button asChild className="h-11">
          <CheckAgainLink orderId={orderId} onCheck={restart}>
            {m.payment_retry_verification()}
          </CheckAgainLink>
        </Button>
      </Result>
    )
  }
  if (shown.status === 'paid') {
    return (
      <Result icon={<CircleCheck className="text-success" aria-hidden />} title={paymentSuccessful()}>
        {summary}
        <p>{m.payment_thanks()}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild className="h-11">
            <Link to="/my-orders">{m.payment_view_my_orders()}</Link>
          </Button>
          <Button asChild variant="outline" className="h-11">
            <Link to="/products">{m.continue_shopping()}</Link>
          </Button>
        </div>
        {!signedIn && (
          <p className="text-sm text-muted-foreground">
            {m.payment_no_account_before()}{' '}
            <Link to="/track-order" className="font-semibold text-primary underline underline-offset-2">
              {m.nav_track_order()}
            </Link>{' '}
            {m.payment_no_account_after({ number: orderNumber })}
          </p>
        )}
      </Result>
    )
  }
  if (shown.status === 'failed') {
    return (
      <Result icon={<CircleX className="text-destructive" aria-hidden />} title={paymentFailed.title()}>
        <p>{paymentFailed.detail()}</p>
        {summary}
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild className="h-11">
            <Link to={`/checkout?orderId=${orderId}`}>{m.checkout_try_again()}</Link>
          </Button>
          <Button asChild variant="outline" className="h-11">
            <Link to="/">{m.payment_go_home()}</Link>
          </Button>
        </div>
      </Result>
    )
  }
  if (hydrated && attempts < VERIFY_ATTEMPTS) {
    return (
      <Result icon={<LoaderCircle className="animate-spin text-primary" aria-hidden />} title={m.payment_verifying()}>
        {summary}
        <p>{m.payment_few_seconds()}</p>
      </Result>
    )
  }
  return (
    <Result icon={<Clock className="text-turmeric" aria-hidden />} title={paymentPending.title()}>
      <p>{paymentPending.detail()}</p>
      {summary}
      <p className="text-sm text-muted-foreground">
        {m.payment_do_not_pay_again()} <ShopPhoneLink />.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild className="h-11">
          <CheckAgainLink orderId={orderId} onCheck={restart}>
            {m.payment_check_again()}
          </CheckAgainLink>
        </Button>
        <Button asChild variant="outline" className="h-11">
          <Link to="/products">{m.continue_shopping()}</Link>
        </Button>
      </div>
    </Result>
  )
}

/**
 * Asks for the payment's status again: on a hydrated page the checks start over in place; before that
 * (or without JavaScript) the link loads the page again, which the server checks with the gateway.
 */
function CheckAgainLink({
  orderId,
  onCheck,
  ...props
}: { orderId: string; onCheck: () => void } & Omit<ComponentProps<typeof Link>, 'to' | 'onClick'>) {
  return (
    <Link
      {...props}
      to={`/payment-status?orderId=${orderId}`}
      onClick={(event) => {
        event.preventDefault()
        onCheck()
      }}
    />
  )
}

function Result({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div role="status" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 pt-10 pb-16 text-center">
      <span className="[&_svg]:size-16">{icon}</span>
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </div>
  )
}
