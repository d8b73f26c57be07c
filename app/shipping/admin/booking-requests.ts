// The owner's calls to the shipping endpoints (app/shipping/shipping-routes.server.ts), from the
// Shipping view and an order's Details: the couriers for an order, booking it, its label, the
// manifest. Plain fetches, as the desk's actions are (order-action.ts): the answer of a booking must
// be shown even when a reload has unmounted the card that asked. Which orders are being booked from
// this tab is kept here, so the card, the booking dialog and Book all disable the same order at once.
import { useSyncExternalStore } from 'react'
import type { Choices } from '../booking.server.ts'

/** A refusal, or a failure to reach the server, as the owner reads it. */
export interface Refusal {
  ok: false
  title: string
  message: string
}

export type CouriersAnswer = Choices | ({ kind: 'failed' } & Omit<Refusal, 'ok'>)

export type BookAnswer = { ok: true; title: string; message: string; awb: string; labelHref: string } | Refusal

const OFFLINE = 'Check the connection and try again.'
const SERVER_FAILED = 'Something went wrong on the server. Try again in a moment.'

export function labelHref(orderId: string): string {
  return `/admin/orders/${orderId}/label`
}

type Answer = Record<string, unknown>

/** The endpoint's JSON answer; `{}` for an answer that is not JSON (a server error's page). */
async function jsonOf(response: Response): Promise<Answer> {
  const body: unknown = await response.json().catch(() => null)
  return typeof body === 'object' && body !== null ? (body as Answer) : {}
}

/**
 * The refusal an endpoint answered (its title and message), with `title` and a generic message for
 * the rest: `body` null when the server was not reached.
 */
function refusalOf(body: Answer | null, title: string): Refusal {
  return {
    ok: false,
    title: typeof body?.title === 'string' ? body.title : title,
    message: typeof body?.message === 'string' ? body.message : body ? SERVER_FAILED : OFFLINE,
  }
}

/** The couriers that serve the order's PIN code (Shiprocket is asked each time: rates change). */
export async function fetchCouriers(orderId: string, signal?: AbortSignal): Promise<CouriersAnswer> {
  let body: Answer | null = null
  try {
    const response = await fetch(`/admin/orders/${orderId}/couriers`, { signal })
    body = await jsonOf(response)
    if (response.ok && (body.kind === 'serviceable' || body.kind === 'unserviceable')) return body as Choices
  } catch (error) {
    if (signal?.aborted) throw error
  }
  const { title, message } = refusalOf(body, 'Couriers not listed')
  return { kind: 'failed', title, message }
}

/**
 * Bookings Book all asks for at once. The server sends at most five calls to Shiprocket at a time
 * (ShiprocketOptions.maxInFlight); a few more bookings than that keep those five busy while each
 * booking's own steps (the database, the label) run between its calls.
 */
export const BOOK_ALL_AT_ONCE = 8

const inFlight = new Set<string>()
const listeners = new Set<() => void>()

function changed() {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** True while this tab's request to book the order runs. */
export function useBookingInFlight(orderId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inFlight.has(orderId),
    () => false,
  )
}

/**
 * Books the order (with the courier chosen, or the recommended one), or finishes its half-done
 * booking. A second request for an order this tab is booking is not sent (a double tap); the server
 * refuses one from another tab.
 */
export async function bookParcel(orderId: string, courierCompanyId?: number): Promise<BookAnswer> {
  if (inFlight.has(orderId)) {
    return { ok: false, title: 'Not booked', message: 'This order is being booked right now: wait for it to finish.' }
  }
  inFlight.add(orderId)
  changed()
  let answer: Answer | null = null
  try {
    const form = new URLSearchParams()
    if (courierCompanyId !== undefined) form.set('courierCompanyId', String(courierCompanyId))
    answer = await jsonOf(await fetch(`/admin/orders/${orderId}/book`, { method: 'POST', body: form }))
    if (answer.ok === true && typeof answer.awb === 'string') return answer as BookAnswer
  } catch {
    // Offline: said below.
  } finally {
    inFlight.delete(orderId)
    changed()
  }
  return refusalOf(answer, 'Not booked')
}

/** A PDF made for the owner; `missing`, the order numbers left out of it. */
export type PdfAnswer = { ok: true; pdf: Blob; missing?: string[] } | Refusal

/** Shiprocket's manifest (the handover sheet) of the booked parcels among these orders. */
export async function fetchManifest(orderIds: readonly string[]): Promise<PdfAnswer> {
  let answer: Answer | null = null
  try {
    const body = new URLSearchParams(orderIds.map((orderId) => ['orderId', orderId]))
    const response = await fetch('/admin/shipping/manifest', { method: 'POST', body })
    if (response.ok && response.headers.get('Content-Type')?.startsWith('application/pdf')) {
      return { ok: true, pdf: await response.blob() }
    }
    answer = await jsonOf(response)
  } catch {
    // Offline: said below.
  }
  return refusalOf(answer, 'No manifest')
}

/**
 * The labels of these orders in one PDF, to print in one go: each is fetched and their pages put
 * together here (pdf-lib, loaded only for this). Orders without a label are left out and named.
 */
export async function fetchLabels(orders: readonly { orderId: string; number: string }[]): Promise<PdfAnswer> {
  try {
    const { PDFDocument } = await import('pdf-lib')
    const merged = await PDFDocument.create()
    const missing: string[] = []
    // One at a time: a day's labels are a few dozen small files, and the pages keep the list's order.
    for (const order of orders) {
      const response = await fetch(labelHref(order.orderId)).catch(() => null)
      if (!response?.ok) {
        missing.push(order.number)
        continue
      }
      const label = await PDFDocument.load(await response.arrayBuffer())
      for (const page of await merged.copyPages(label, label.getPageIndices())) merged.addPage(page)
    }
    if (merged.getPageCount() === 0) {
      return { ok: false, title: 'No labels', message: 'None of these orders has a label yet: book them first.' }
    }
    const bytes = await merged.save()
    return { ok: true, pdf: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), missing }
  } catch {
    return {
      ok: false,
      title: 'No labels',
      message: 'The labels could not be put together. Check the connection and try again.',
    }
  }
}

/** How long a PDF made here stays openable from its link. */
const PDF_URL_MS = 10 * 60_000

/**
 * A tab for a PDF that is still on its way, opened at the tap (a tab opened when the answer comes
 * would be blocked as a pop-up). `show` puts the PDF in it, or answers a link to it when the browser
 * gave no tab; `close` closes it after a refusal.
 */
export function pdfTab(): { show: (pdf: Blob) => string | null; close: () => void } {
  const tab = window.open('', '_blank')
  if (tab) {
    tab.document.title = 'Preparing…'
    tab.document.body.textContent = 'Preparing the PDF…'
  }
  return {
    show(pdf) {
      const url = URL.createObjectURL(pdf)
      setTimeout(() => URL.revokeObjectURL(url), PDF_URL_MS)
      if (tab && !tab.closed) {
        tab.location.href = url
        return null
      }
      return url
    },
    close() {
      tab?.close()
    },
  }
}
