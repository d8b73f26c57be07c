// The admin's Orders tab (spec section 2): new-notification button, Recent Activity, filters and the
// CSV export, the order cards newest first, and the pages. The filters live in the URL (a GET form),
// so a filtered list can be reloaded, bookmarked and shared like any page.
import {
  Bell,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Download,
  Search,
  ShoppingBag,
  SlidersHorizontal,
} from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Form, Link, useFetcher, useNavigation, useRevalidator, useSubmit } from 'react-router'
import { pageLoadOffline } from '#app/pwa/offline-notice-marker.ts'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import {
  type AdminNotificationView,
  type AdminOrderFilters,
  type AdminOrdersPage,
  PAYMENT_METHODS,
  STATUS_CHOICES,
  type StatusCounts,
} from '../admin-orders.ts'
import { formatOrderDate } from '../order-bits.tsx'
import { orderNumber, PAYMENT_STATUSES, statusLabel } from '../status.ts'
import { FIELD_CLASS } from './field-class.ts'
import { ADMIN_ORDERS_PATH, csvHref, filterQuery, isFiltered, ordersHref } from './filter-links.ts'
import { OrderCard } from './order-card.tsx'
import { StatusIcon } from './status-display.tsx'

const NOTIFICATIONS_ACTION = '/admin/notifications'

export function OrdersTab({
  page,
  activity,
  unread,
}: {
  page: AdminOrdersPage
  activity: AdminNotificationView[]
  unread: number
}) {
  const markRead = useFetcher<{ ok: boolean }>()
  // Shown as read from the click on: the server's answer only confirms it.
  const clearing = markRead.state !== 'idle'
  const shownUnread = clearing ? 0 : unread
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  // A new page of the list (filters, chips, pages) dims the cards; a reload after a change or a
  // live event only says so, since the cards stay right.
  const navigating = navigation.state === 'loading' && navigation.location.pathname === ADMIN_ORDERS_PATH
  const loading = navigating || revalidator.state === 'loading'
  const { filters } = page
  const activityId = useId()
  // On a phone Recent Activity is folded away until asked for: the first screen is for the orders.
  const [activityShown, setActivityShown] = useState(false)

  return (
    <section aria-labelledby="orders-tab-title" className="grid gap-3 sm:gap-6">
      {/* On a phone the open tab names the section, so the heading is for screen readers and the row
          holds the unread button and the Activity toggle. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id="orders-tab-title" className="text-2xl font-bold max-sm:sr-only sm:text-3xl">
          Order Management
        </h2>
        {shownUnread > 0 && (
          <markRead.Form method="post" action={NOTIFICATIONS_ACTION}>
            <input type="hidden" name="intent" value="mark-all-read" />
            <Button type="submit" className="h-11 bg-chilli text-white hover:bg-chilli/90 max-sm:px-3">
              <Bell aria-hidden />
              {shownUnread} New {shownUnread === 1 ? 'Notification' : 'Notifications'}
            </Button>
          </markRead.Form>
        )}
        <Button
          type="button"
          variant="outline"
          className="ml-auto h-11 px-3 sm:hidden"
          aria-expanded={activityShown}
          aria-controls={activityId}
          onClick={() => setActivityShown(!activityShown)}
        >
          Activity
          <ChevronDown className={cn('transition-transform', activityShown && 'rotate-180')} aria-hidden />
        </Button>
      </div>

      <div className="grid gap-3 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <RecentActivity id={activityId} shown={activityShown} activity={activity} allRead={clearing} />

        <div className="grid min-w-0 gap-3 sm:gap-4 lg:col-start-1 lg:row-start-1">
          <StatusChips filters={filters} counts={page.counts} />
          <OrderFilters filters={filters} />

          <div aria-busy={loading} className="grid gap-3">
            <p
              role="status"
              className={cn('min-h-5 text-sm', loading ? 'font-semibold text-brown' : 'text-muted-foreground')}
            >
              {loading
                ? 'Loading orders...'
                : page.orders.length > 0 && listSummary(page.counts[filters.status ?? 'all'], isFiltered(filters))}
            </p>
            <div className={cn('transition-opacity', navigating && 'opacity-60')}>
              {page.orders.length === 0 ? (
                <EmptyList filtered={isFiltered(filters)} />
              ) : (
                <ul className="grid gap-4 md:grid-cols-2" aria-label="Orders">
                  {page.orders.map((order) => (
                    <li key={order.id}>
                      <OrderCard order={order} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
          <Pages filters={filters} nextCursor={page.nextCursor} />
        </div>
      </div>
    </section>
  )
}

/** '13 orders, newest first'; '1 order matches these filters, newest first'. */
function listSummary(count: number, filtered: boolean): string {
  const orders = `${count.toLocaleString('en-IN')} ${count === 1 ? 'order' : 'orders'}`
  const matching = filtered ? ` ${count === 1 ? 'matches' : 'match'} these filters` : ''
  return `${orders}${matching}, newest first`
}

/** The 5 latest notifications; on a phone only once its toggle above asks for it (`shown`). */
function RecentActivity({
  id,
  shown,
  activity,
  allRead,
}: {
  id: string
  shown: boolean
  activity: AdminNotificationView[]
  allRead: boolean
}) {
  const titleId = useId()
  return (
    <aside
      id={id}
      aria-labelledby={titleId}
      className={cn('rounded-xl border bg-card p-4 shadow-sm lg:col-start-2', !shown && 'max-sm:hidden')}
    >
      <h3 id={titleId} className="flex items-center gap-2 text-lg font-bold">
        <Bell className="size-4 text-primary" aria-hidden />
        Recent Activity
      </h3>
      {activity.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Nothing yet. New orders and changes appear here.</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {activity.map((item) => (
            <li key={item.id}>
              <ActivityItem item={item} unread={!item.isRead && !allRead} />
            </li>
          ))}
        </ul>
      )}
    </aside>
  )
}

/** One notification; one about an order is a link that finds that order in the list. */
function ActivityItem({ item, unread }: { item: AdminNotificationView; unread: boolean }) {
  const className = cn(
    'block rounded-lg border-l-4 px-3 py-2 text-sm',
    unread ? 'border-chilli bg-secondary font-semibold' : 'border-transparent bg-muted/50',
  )
  const content = (
    <>
      <span className="flex items-start gap-2">
        {item.type === 'new_order' && <ShoppingBag className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />}
        <span className="min-w-0 flex-1 break-words">
          {unread && <span className="sr-only">New: </span>}
          {item.message}
        </span>
        {item.orderId && <ChevronRight className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />}
      </span>
      <time dateTime={item.createdAt} className="mt-0.5 block text-xs font-normal text-muted-foreground">
        {formatOrderDate(item.createdAt, true)}
      </time>
    </>
  )
  if (!item.orderId) return <p className={className}>{content}</p>
  return (
    <Link
      to={ordersHref({}, { q: orderNumber(item.orderId) })}
      preventScrollReset
      className={cn(
        className,
        'transition-colors outline-none hover:bg-secondary/70 focus-visible:ring-[3px] focus-visible:ring-ring/60',
      )}
    >
      {content}
    </Link>
  )
}

function StatusChips({ filters, counts }: { filters: AdminOrderFilters; counts: StatusCounts }) {
  const chips = [
    { status: undefined, label: 'All', count: counts.all },
    ...STATUS_CHOICES.map((status) => ({ status, label: statusLabel(status), count: counts[status] })),
  ]
  return (
    <nav aria-label="Filter by status" className="min-w-0">
      {/* One row that scrolls sideways on a phone, running to the screen's edges; wrapped from tablet width up. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
        {chips.map((chip) => {
          const active = filters.status === chip.status
          return (
            <li key={chip.label} className="shrink-0">
              <Link
                to={ordersHref(filters, { status: chip.status ?? null })}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  active
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-card text-brown hover:bg-secondary',
                )}
              >
                {chip.status && <StatusIcon status={chip.status} />}
                {chip.label} ({chip.count.toLocaleString('en-IN')})
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** Narrower padding leaves a date room beside the calendar button on a phone. */
const DATE_CLASS = cn(FIELD_CLASS, 'px-2')

function OrderFilters({ filters }: { filters: AdminOrderFilters }) {
  const id = useId()
  const submit = useSubmit()
  // On a phone the dates and payment filters fold away behind the search, unless one is in use.
  const [moreShown, setMoreShown] = useState(Boolean(filters.from || filters.to || filters.method || filters.payment))
  // Leave empty fields out of the URL, and read a reversed date range the way it was meant.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const from = String(data.get('from') ?? '')
    const to = String(data.get('to') ?? '')
    if (from && to && from > to) {
      data.set('from', to)
      data.set('to', from)
    }
    const params = new URLSearchParams()
    for (const [key, value] of data) if (typeof value === 'string' && value.trim()) params.set(key, value.trim())
    void submit(params, { method: 'get', action: ADMIN_ORDERS_PATH, preventScrollReset: true })
  }

  return (
    <Form
      // Remounted when the URL's filters change (a chip, Clear), so the fields show what is applied.
      key={filterQuery(filters, { cursor: null })}
      method="get"
      action={ADMIN_ORDERS_PATH}
      {...pageLoadOffline}
      onSubmit={onSubmit}
      role="search"
      aria-label="Filter orders"
      className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4"
    >
      {filters.status && <input type="hidden" name="status" value={filters.status} />}
      <div className="grid gap-1">
        {/* On a phone one row: the field (its label read, not shown), Search, and More filters. */}
        <label htmlFor={`${id}-q`} className="text-sm font-semibold max-sm:sr-only">
          Search orders
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Order no., mobile or name"
            maxLength={100}
            className={cn(FIELD_CLASS, 'min-w-0 flex-1')}
          />
          <Button type="submit" size="icon" className={cn('size-11 shrink-0 sm:hidden', moreShown && 'hidden')}>
            <Search aria-hidden />
            <span className="sr-only">Search</span>
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="size-11 shrink-0 sm:hidden"
            aria-expanded={moreShown}
            aria-controls={`${id}-more`}
            onClick={() => setMoreShown(!moreShown)}
          >
            <SlidersHorizontal aria-hidden />
            <span className="sr-only">More filters</span>
          </Button>
        </div>
      </div>
      <div id={`${id}-more`} className={cn('grid grid-cols-2 gap-3 sm:grid-cols-4', !moreShown && 'max-sm:hidden')}>
        <FilterField id={`${id}-from`} label="From">
          <input id={`${id}-from`} type="date" name="from" defaultValue={filters.from} className={DATE_CLASS} />
        </FilterField>
        <FilterField id={`${id}-to`} label="To">
          <input id={`${id}-to`} type="date" name="to" defaultValue={filters.to} className={DATE_CLASS} />
        </FilterField>
        <FilterField id={`${id}-method`} label="Payment method">
          <select id={`${id}-method`} name="method" defaultValue={filters.method ?? ''} className={FIELD_CLASS}>
            <option value="">Any method</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {method.toUpperCase()}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={`${id}-payment`} label="Payment status">
          <select id={`${id}-payment`} name="payment" defaultValue={filters.payment ?? ''} className={FIELD_CLASS}>
            <option value="">Any status</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </FilterField>
      </div>
      <div className={cn('flex flex-wrap items-center gap-2', !moreShown && !isFiltered(filters) && 'max-sm:hidden')}>
        <Button type="submit" className={cn('h-11', !moreShown && 'max-sm:hidden')}>
          <Search aria-hidden />
          Apply filters
        </Button>
        {isFiltered(filters) && (
          <Button asChild variant="ghost" className="h-11">
            <Link to={ADMIN_ORDERS_PATH} preventScrollReset>
              Clear filters
            </Link>
          </Button>
        )}
        <Button asChild variant="outline" className={cn('h-11 sm:ml-auto', !moreShown && 'max-sm:hidden')}>
          <a href={csvHref(filters)} download>
            <Download aria-hidden />
            Export CSV
          </a>
        </Button>
      </div>
    </Form>
  )
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  )
}

function EmptyList({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <ShoppingBag className="size-10 text-muted-foreground/60" aria-hidden />
      <p className="text-lg font-semibold">No orders found</p>
      {filtered && (
        <Button asChild variant="outline" className="h-11">
          <Link to={ADMIN_ORDERS_PATH}>Clear filters</Link>
        </Button>
      )}
    </div>
  )
}

function Pages({ filters, nextCursor }: { filters: AdminOrderFilters; nextCursor: string | null }) {
  if (!filters.cursor && !nextCursor) return null
  return (
    <nav aria-label="Pages of orders" className="flex flex-wrap items-center justify-between gap-2">
      {filters.cursor ? (
        <Button asChild variant="outline" className="h-11">
          <Link to={ordersHref(filters)}>
            <ChevronLeft aria-hidden />
            Newest orders
          </Link>
        </Button>
      ) : (
        <span />
      )}
      {nextCursor && (
        <Button asChild variant="outline" className="h-11">
          <Link to={ordersHref(filters, { cursor: nextCursor })}>
            Older orders
            <ChevronRight aria-hidden />
          </Link>
        </Button>
      )}
    </nav>
  )
}
