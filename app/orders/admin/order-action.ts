// One order's actions from the desk (status, delivery OTP, refund): a POST to /admin/orders/<id>,
// the spec's toast for the answer, then a reload of the page's loaders so the list shows the change.
// A plain fetch, not a fetcher: a live reload can unmount the card or dialog that asked (a delivered
// order loses its OTP button) before the answer comes, and the answer must still be shown.
import { startTransition, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { toast } from '#app/ui/toast.tsx'
import type { DeskResult } from '../order-desk-routes.server.ts'

export type OrderActionIntent = 'status' | 'otp-generate' | 'otp-verify' | 'refund'

/** The OTP toast stays up for 10 s (spec section 9), long enough to read the code out. */
const OTP_TOAST_MS = 10_000

/** The spec's failure title of each action, for when the server could not be reached or answered oddly. */
const FAILED: Record<OrderActionIntent, string> = {
  status: 'Failed to update order status',
  'otp-generate': 'Failed to generate OTP. Please try again.',
  'otp-verify': 'Failed to verify OTP. Please try again.',
  refund: 'Failed to start the refund. Please try again.',
}

export function orderActionUrl(orderId: string): string {
  return `/admin/orders/${orderId}`
}

export function useOrderAction(orderId: string, onResult?: (result: DeskResult, intent: OrderActionIntent) => void) {
  const { revalidate } = useRevalidator()
  const [pending, setPending] = useState<URLSearchParams | null>(null)
  const onResultRef = useRef(onResult)
  onResultRef.current = onResult

  const run = async (intent: OrderActionIntent, fields: Record<string, string>) => {
    const body = new URLSearchParams({ intent, ...fields })
    setPending(body)
    try {
      const result = await send(orderId, intent, body)
      showResult(result, intent)
      onResultRef.current?.(result, intent)
      // A refused stale change leaves the card as it was: reload it too, so the owner sees why.
      if (result.ok || result.stale) await revalidate()
    } finally {
      // The router commits the reloaded list in a transition: ending `busy` in one too keeps it from
      // landing first, when the card would offer its old controls (the ship button again) for a moment.
      startTransition(() => setPending(null))
    }
  }

  return {
    submit: (intent: OrderActionIntent, fields: Record<string, string> = {}) => void run(intent, fields),
    /** True from the click until the page has reloaded: a second change would carry an old version. */
    busy: pending !== null,
    /** The fields being sent, for showing the change before the server confirms it. */
    pending,
  }
}

async function send(orderId: string, intent: OrderActionIntent, body: URLSearchParams): Promise<DeskResult> {
  try {
    const response = await fetch(orderActionUrl(orderId), { method: 'POST', body })
    const result = (await response.json()) as Partial<DeskResult>
    if (typeof result.ok === 'boolean' && typeof result.title === 'string') return result as DeskResult
  } catch {
    // Offline, or an answer that is not the desk's: said below.
  }
  return { ok: false, title: FAILED[intent], message: 'Check the connection and try again.' }
}

function showResult(result: DeskResult, intent: OrderActionIntent) {
  if (result.ok) {
    toast(result.title, {
      description: result.message,
      duration: intent === 'otp-generate' ? OTP_TOAST_MS : undefined,
    })
  } else {
    toast.error(result.title, { description: result.message })
  }
}
