// /payment-status (spec sections 2, 4 and 8): verifying, then re-checks while pending (1 s doubling
// to at most 10 s, 5 attempts), then the pending notice with 'Check Status Again'; paid, failed and
// verification-error states with the spec's buttons.
import { CircleAlert, CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import { Link, localize } from '#app/i18n/links.tsx'
import type { PaymentStatus } from '#app/orders/status.ts'
import { ShopPhoneLink } from '#app/settings/shop-phone-link.tsx'
import { formatRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import {
  INVALID_REQUEST,
  PAYMENT_FAILED,
  PAYMENT_PENDING,
  PAYMENT_SUCCESSFUL,
  VERIFY_FAILED,
} from './payment-messages.ts'

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
  const [title, detail] = INVALID_REQUEST.split(' - ')
  return (
    <Result icon={<CircleAlert className="text-destructive" aria-hidden />} title={title ?? ''}>
      <p>{detail}</p>
      <Button asChild>
        <Link to="/">Go Home</Link>
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

  useNewAnswer(fetcher.data, (answer) =>
    setShown(
      answer.paymentStatus
        ? { kind: 'status', status: answer.paymentStatus }
        : { kind: 'error', message: answer.error || VERIFY_FAILED },
    ),
  )

  const restart = () => {
    setShown({ kind: 'status', status: 'pending' })
    setAttempts(0)
  }
  const summary = (
    <p className="text-muted-foreground">
      Order <span className="font-mono font-semibold text-brown">#{orderNumber}</span> · {formatRupees(total)}
    </p>
  )

  if (shown.kind === 'error') {
    return (
      <Result icon={<CircleAlert className="text-destructive" aria-hidden />} title="Verification Error">
        <p>{shown.message}</p>
        {summary}
        <Button onClick={restart}>Retry Verification</Button>
      </Result>
    )
  }
  if (shown.status === 'paid') {
    return (
      <Result icon={<CircleCheck className="text-success" aria-hidden />} title={PAYMENT_SUCCESSFUL}>
        {summary}
        <p>Thank you! We pack your order within 24 hours and call you to confirm it.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/my-orders">View My Orders</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/products">Continue Shopping</Link>
          </Button>
        </div>
        {!signedIn && (
          <p className="text-sm text-muted-foreground">
            No account? Follow it on{' '}
            <Link to="/track-order" className="font-semibold text-primary underline underline-offset-2">
              Track Your Order
            </Link>{' '}
            with order number #{orderNumber} and your mobile number.
          </p>
        )}
      </Result>
    )
  }
  if (shown.status === 'failed') {
    const [title, detail] = PAYMENT_FAILED.split(' - ')
    return (
      <Result icon={<CircleX className="text-destructive" aria-hidden />} title={title ?? ''}>
        <p>{detail}</p>
        {summary}
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={`/checkout?orderId=${orderId}`}>Try Payment Again</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Go Home</Link>
          </Button>
        </div>
      </Result>
    )
  }
  if (hydrated && attempts < VERIFY_ATTEMPTS) {
    return (
      <Result icon={<LoaderCircle className="animate-spin text-primary" aria-hidden />} title="Verifying your payment…">
        {summary}
        <p>This takes a few seconds. Please keep this page open.</p>
      </Result>
    )
  }
  const [title, detail] = PAYMENT_PENDING.split(' - ')
  return (
    <Result icon={<Clock className="text-turmeric" aria-hidden />} title={title ?? ''}>
      <p>{detail ? `${detail.charAt(0).toUpperCase()}${detail.slice(1)}.` : ''}</p>
      {summary}
      <p className="text-sm text-muted-foreground">
        Please do not pay again for this order. Questions? Call us on <ShopPhoneLink />.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link
            to={`/payment-status?orderId=${orderId}`}
            onClick={(event) => {
              event.preventDefault()
              restart()
            }}
          >
            Check Status Again
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/products">Continue Shopping</Link>
        </Button>
      </div>
    </Result>
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
