// The admin's Shipping tab: the orders to book with a courier through Shiprocket, and the booked
// parcels by where they are (awaiting pickup, in transit, delivery problems, returns), one list at a
// time behind a row of counts. The list shown lives in the URL (?group=), like the Orders tab's
// filters. Without Shiprocket set up, it says how parcels go (by hand) and how to set it up.
import { ClipboardList, PackageOpen, Truck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useNavigation, useSearchParams } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { cn } from '#app/ui/cn.ts'
import type { ShippingGroup, shippingOverview } from '../shipping-desk.server.ts'
import { BookAllPanel, useBookAll } from './book-all.tsx'
import { ParcelCard } from './parcel-card.tsx'
import { PrintButtons } from './print-buttons.tsx'

export type ShippingOverview = { configured: boolean } & Awaited<ReturnType<typeof shippingOverview>>

const GROUPS: readonly { id: ShippingGroup; label: string; empty: string }[] = [
  { id: 'to_book', label: 'To book', empty: 'Nothing to book. Confirmed orders come here to be booked.' },
  { id: 'awaiting_pickup', label: 'Awaiting pickup', empty: 'No parcel is waiting for its courier.' },
  { id: 'in_transit', label: 'In transit', empty: 'No parcel is on its way.' },
  { id: 'problems', label: 'Delivery problems', empty: 'No delivery problems in the last two weeks.' },
  { id: 'returns', label: 'Returns', empty: 'No parcels coming back in the last two weeks.' },
]

const SHIPPING_PATH = '/admin/shipping'

function groupOf(value: string | null): ShippingGroup {
  return GROUPS.find((group) => group.id === value)?.id ?? 'to_book'
}

export function ShippingTab({ overview }: { overview: ShippingOverview }) {
  if (!overview.configured) return <ShippingByHand />
  return <ShippingDesk overview={overview} />
}

function ShippingDesk({ overview }: { overview: ShippingOverview }) {
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const bookAll = useBookAll()
  const group = groupOf(params.get('group'))
  const rows = overview.groups[group]
  const toBook = overview.groups.to_book
  const current = GROUPS.find((item) => item.id === group)!
  const switching = navigation.state === 'loading' && navigation.location.pathname === SHIPPING_PATH

  return (
    <section aria-labelledby="shipping-tab-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="shipping-tab-title" className="text-2xl font-bold sm:text-3xl">
          Shipping
        </h2>
        {toBook.length > 0 && !bookAll.running && (
          <Button className="h-11" onClick={bookAll.ask} disabled={bookAll.confirming}>
            <Truck aria-hidden />
            Book all ({overview.counts.to_book.toLocaleString('en-IN')})
          </Button>
        )}
      </div>

      <BookAllPanel
        bookAll={bookAll}
        orders={toBook.map((row) => ({ orderId: row.orderId, number: row.number }))}
        moreThanListed={Math.max(0, overview.counts.to_book - toBook.length)}
      />

      <GroupChips current={group} counts={overview.counts} />

      <div aria-busy={switching} className={cn('grid gap-3 transition-opacity', switching && 'opacity-60')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-bold text-brown">
            {current.label}
            <span className="ml-2 text-sm font-normal text-muted-foreground">{listSummary(group, overview)}</span>
          </h3>
          {group === 'awaiting_pickup' && rows.length > 0 && <PrintButtons orders={rows} />}
        </div>
        {rows.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-card px-6 py-10 text-center">
            <PackageOpen className="size-9 text-muted-foreground/60" aria-hidden />
            <p className="font-semibold">{current.empty}</p>
          </div>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-label={current.label}>
            {rows.map((row) => (
              <li key={row.orderId}>
                <ParcelCard row={row} group={group} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

/** 'oldest first' for the orders to book; 'the first 100 of 140' when the list is cut. */
function listSummary(group: ShippingGroup, overview: ShippingOverview): string {
  const shown = overview.groups[group].length
  const total = overview.counts[group]
  const order = group === 'to_book' ? 'oldest first' : 'latest news first'
  return shown < total ? `the first ${shown} of ${total.toLocaleString('en-IN')}, ${order}` : shown > 1 ? order : ''
}

function GroupChips({ current, counts }: { current: ShippingGroup; counts: ShippingOverview['counts'] }) {
  const list = useRef<HTMLUListElement>(null)
  // On a phone the row scrolls: the open list's chip is brought into it (Returns is off the screen's edge).
  useEffect(() => {
    const row = list.current
    const chip = row?.querySelector<HTMLElement>(`[data-group="${current}"]`)
    if (!row || !chip) return
    const [left, right] = [chip.offsetLeft - row.offsetLeft, chip.offsetLeft - row.offsetLeft + chip.offsetWidth]
    if (left < row.scrollLeft || right > row.scrollLeft + row.clientWidth) row.scrollLeft = left - 16
  }, [current])
  return (
    <nav aria-label="Parcels by where they are" className="min-w-0">
      {/* One row that scrolls sideways on a phone, running to the screen's edges; wrapped from tablet width up. */}
      <ul
        ref={list}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
      >
        {GROUPS.map((group) => {
          const active = group.id === current
          const count = counts[group.id]
          const alarming = (group.id === 'problems' || group.id === 'returns') && count > 0
          return (
            <li key={group.id} data-group={group.id} className="shrink-0">
              <Link
                to={group.id === 'to_book' ? SHIPPING_PATH : `${SHIPPING_PATH}?group=${group.id}`}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  active
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-card text-brown hover:bg-secondary',
                )}
              >
                {group.label}
                <span
                  className={cn(
                    'inline-flex min-w-6 items-center justify-center rounded-full px-1.5 text-xs leading-5',
                    active ? 'bg-primary-foreground/20' : alarming ? 'bg-chilli text-white' : 'bg-secondary',
                  )}
                >
                  {count.toLocaleString('en-IN')}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

const SETTINGS = [
  ['SHIPPING_PROVIDER=shiprocket', 'books couriers through Shiprocket'],
  ['SHIPROCKET_EMAIL', 'the API user made in Shiprocket’s panel (Settings → API)'],
  ['SHIPROCKET_PASSWORD', 'that API user’s password'],
  ['SHIPROCKET_PICKUP_LOCATION', 'the name of the shop’s pickup address in Shiprocket’s panel'],
  ['SHIPROCKET_WEBHOOK_TOKEN', 'a secret of 24 characters or more, also given to Shiprocket for its tracking webhook'],
] as const

function ShippingByHand() {
  return (
    <section aria-labelledby="shipping-tab-title" className="grid gap-4">
      <h2 id="shipping-tab-title" className="text-2xl font-bold sm:text-3xl">
        Shipping
      </h2>
      <Card>
        <CardContent className="grid gap-4 p-4 sm:p-6">
          <div className="flex items-start gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
              <Truck className="size-5" aria-hidden />
            </span>
            <div className="grid gap-1">
              <h3 className="text-lg font-bold text-brown">Parcels are shipped by hand</h3>
              <p className="text-sm">
                Book the courier yourself, then on the Orders tab set the order to Shipped and type the courier and its
                AWB: the customer is sent the tracking link.
              </p>
            </div>
          </div>
          <div className="grid gap-2 rounded-lg bg-secondary/50 p-3 text-sm">
            <p>
              <span className="font-semibold">To book couriers from here through Shiprocket,</span> set these in the
              shop’s environment and restart it (the steps are in the README, “Shipping across India (Shiprocket)”):
            </p>
            <dl className="grid gap-2">
              {SETTINGS.map(([name, meaning]) => (
                <div key={name}>
                  <dt>
                    <code className="rounded bg-card px-1.5 py-0.5 font-mono text-xs font-semibold break-all text-brown">
                      {name}
                    </code>
                  </dt>
                  <dd className="mt-0.5 text-muted-foreground">{meaning}</dd>
                </div>
              ))}
            </dl>
          </div>
          <Button asChild variant="outline" className="h-11 w-fit">
            <Link to="/admin">
              <ClipboardList aria-hidden />
              Go to Orders
            </Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  )
}
