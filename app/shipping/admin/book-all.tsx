// Book all: every order to book, each with its recommended courier, BOOK_ALL_AT_ONCE requests at a
// time (the server sends at most five calls to Shiprocket at once), with a live progress line, then what was not booked and why,
// and the manifest and labels of the orders this run booked. The run is this tab's own state: the
// list below it reloads as orders move, while the run keeps the orders it started with.
import { AlertTriangle, CheckCircle2, PackageCheck, Truck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { BOOK_ALL_AT_ONCE, bookParcel } from './booking-requests.ts'
import { PrintButtons } from './print-buttons.tsx'

interface RunOrder {
  orderId: string
  number: string
}

interface Run {
  orders: readonly RunOrder[]
  done: number
  booked: RunOrder[]
  failed: (RunOrder & { message: string })[]
}

export function useBookAll() {
  const reloadSoon = useReloadSoon()
  const [confirming, setConfirming] = useState(false)
  const [run, setRun] = useState<Run | null>(null)
  const running = run !== null && run.done < run.orders.length

  // Leaving the page mid-run would leave the rest unbooked without a word.
  useEffect(() => {
    if (!running) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [running])

  const start = (orders: readonly RunOrder[]) => {
    setConfirming(false)
    if (orders.length === 0) return
    setRun({ orders, done: 0, booked: [], failed: [] })
    let next = 0
    const worker = async () => {
      while (next < orders.length) {
        const order = orders[next++]!
        const answer = await bookParcel(order.orderId)
        setRun((current) =>
          current?.orders !== orders
            ? current
            : {
                ...current,
                done: current.done + 1,
                booked: answer.ok ? [...current.booked, order] : current.booked,
                failed: answer.ok ? current.failed : [...current.failed, { ...order, message: answer.message }],
              },
        )
        reloadSoon()
      }
    }
    void Promise.all(Array.from({ length: Math.min(BOOK_ALL_AT_ONCE, orders.length) }, worker))
  }

  return {
    run,
    running,
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    start,
    dismiss: () => setRun(null),
  }
}

/**
 * Reloads the page's loaders after each booking so the counts move, one reload at a time: a booking
 * that ends while one runs asks for one more after it, not one each.
 */
function useReloadSoon() {
  const { revalidate } = useRevalidator()
  const latest = useRef(revalidate)
  latest.current = revalidate
  const state = useRef({ running: false, again: false })
  return () => {
    const reload = state.current
    if (reload.running) {
      reload.again = true
      return
    }
    reload.running = true
    void (async () => {
      try {
        do {
          reload.again = false
          await latest.current()
        } while (reload.again)
      } finally {
        reload.running = false
      }
    })()
  }
}

export function BookAllPanel({
  bookAll,
  orders,
  moreThanListed,
}: {
  bookAll: ReturnType<typeof useBookAll>
  /** The orders to book, as listed now. */
  orders: readonly RunOrder[]
  /** Orders to book beyond the list's first page. */
  moreThanListed: number
}) {
  const { run, running, confirming } = bookAll
  if (confirming && !running) {
    return (
      <section aria-label="Book all" className="grid gap-3 rounded-xl border border-primary/40 bg-secondary/50 p-4">
        <p className="text-sm font-semibold text-brown">
          Book {orders.length === 1 ? 'the order' : `all ${orders.length} orders`} to book, each with its recommended
          courier? Shiprocket charges the shop for each parcel, and the couriers come to pick them up.
          {moreThanListed > 0 && ` The ${moreThanListed} after these are booked in the next run.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button className="h-11" onClick={() => bookAll.start(orders)} disabled={orders.length === 0}>
            <Truck aria-hidden />
            Book {orders.length} {orders.length === 1 ? 'order' : 'orders'}
          </Button>
          <Button variant="outline" className="h-11" onClick={bookAll.cancel}>
            Cancel
          </Button>
        </div>
      </section>
    )
  }
  if (!run) return null

  const total = run.orders.length
  return (
    <section
      aria-label="Book all"
      className={cn(
        'grid gap-3 rounded-xl border p-4 shadow-sm',
        running ? 'border-primary/40 bg-card' : 'border-success/40 bg-card',
      )}
    >
      <p role="status" className="flex items-center gap-2 font-semibold text-brown">
        {running ? (
          <>
            <Truck className="size-5 shrink-0 text-primary" aria-hidden />
            Booking: {run.done} of {total} done…
          </>
        ) : (
          <>
            {run.failed.length === 0 ? (
              <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden />
            ) : (
              <AlertTriangle className="size-5 shrink-0 text-chilli" aria-hidden />
            )}
            {summary(run)}
          </>
        )}
      </p>
      <div
        role="progressbar"
        aria-label="Orders booked"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={run.done}
        className="h-2 overflow-hidden rounded-full bg-secondary"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', running ? 'bg-primary' : 'bg-success')}
          style={{ width: `${(run.done / total) * 100}%` }}
        />
      </div>
      {running && (
        <p className="text-sm text-muted-foreground">
          {run.booked.length} booked so far. Keep this page open until it finishes.
        </p>
      )}
      {run.failed.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold text-destructive">Not booked</h3>
          <ul className="grid gap-1.5 text-sm">
            {run.failed.map((order) => (
              <li key={order.orderId} className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2">
                <span className="font-mono font-semibold">#{order.number}</span>
                <span className="text-destructive">: {order.message}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!running && (
        <div className="flex flex-wrap items-center gap-2">
          {run.booked.length > 0 && (
            <>
              <p className="flex w-full items-center gap-2 text-sm">
                <PackageCheck className="size-4 shrink-0 text-primary" aria-hidden />
                For the {run.booked.length === 1 ? 'parcel' : `${run.booked.length} parcels`} booked now:
              </p>
              <PrintButtons orders={run.booked} />
            </>
          )}
          <Button variant="ghost" className="h-11 max-sm:flex-1" onClick={bookAll.dismiss}>
            Done
          </Button>
        </div>
      )}
    </section>
  )
}

/** '38 booked, 2 not booked'; 'All 40 booked'. */
function summary(run: Run): string {
  if (run.failed.length === 0) return run.booked.length === 1 ? 'Booked' : `All ${run.booked.length} booked`
  return `${run.booked.length} booked, ${run.failed.length} not booked`
}
