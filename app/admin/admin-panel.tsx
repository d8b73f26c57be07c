// The admin pro panel's frame (spec section 2): the header with Logout, the four stat cards, the tab
// bar and the open tab; on a phone, all of it in a few compact rows above the open tab
// (docs/decisions/010-orders-desk.md, 'The owner's phone'). Live events are listened to here, so a
// new-order alert reaches the owner whichever tab is open.
import { ClipboardList, Clock, IndianRupee, LogOut, Sun } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { formatWholeRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { AdminTabBar } from './admin-tab-bar.tsx'
import type { AdminStats } from './stats.server.ts'
import type { TabBadges } from './tabs.ts'
import { useLiveEvents } from './use-live-events.ts'

export function AdminPanel({
  admin,
  stats,
  badges,
  liveFrom,
  children,
}: {
  admin: { name: string; email: string | null }
  stats: AdminStats
  badges: TabBadges
  /** The live feed's position when the loader ran: live events start from there. */
  liveFrom: number
  children: ReactNode
}) {
  useLiveEvents(liveFrom)
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16" data-admin-panel>
      {/* On a 360 px phone the first screen is for the newest orders: the header is one row, the four
          figures one line of short labels (their full names stay for screen readers) and the tabs one
          row that scrolls sideways. From tablet width up: the spec's header and four stat cards. */}
      <header className="flex items-center justify-between gap-3 rounded-2xl bg-brown px-4 py-2.5 text-primary-foreground shadow-sm sm:flex-wrap sm:gap-4 sm:px-5 sm:py-4">
        <div className="min-w-0">
          <h1 className="text-lg font-bold whitespace-nowrap text-primary-foreground sm:text-3xl">Admin Pro Panel</h1>
          <p className="truncate text-xs opacity-85 sm:text-sm sm:break-words sm:whitespace-normal">
            Signed in as {admin.email ?? admin.name}
          </p>
        </div>
        <Form method="post" action="/logout" className="shrink-0">
          <input type="hidden" name="redirectTo" value="/admin" />
          <Button type="submit" variant="secondary" className="h-11 max-sm:px-3">
            <LogOut aria-hidden /> Logout
          </Button>
        </Form>
      </header>
      <section
        aria-label="Shop statistics"
        className="mt-3 grid grid-cols-4 gap-1.5 sm:mt-6 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4"
      >
        <StatCard
          title={<ShortTitle hidden="Total ">Orders</ShortTitle>}
          value={stats.totalOrders.toLocaleString('en-IN')}
          icon={<ClipboardList />}
        />
        <StatCard
          title={
            <ShortTitle hidden=" Orders" after>
              Pending
            </ShortTitle>
          }
          value={stats.pendingOrders.toLocaleString('en-IN')}
          icon={<Clock />}
        />
        <StatCard
          title={<ShortTitle hidden="Total ">Revenue</ShortTitle>}
          value={formatWholeRupees(stats.totalRevenue)}
          icon={<IndianRupee />}
        />
        <StatCard
          title={
            <ShortTitle hidden=" Orders" after>
              Today's
            </ShortTitle>
          }
          value={stats.todaysOrders.toLocaleString('en-IN')}
          icon={<Sun />}
        />
      </section>
      <AdminTabBar badges={badges} />
      <div className="mt-3 sm:mt-6">{children}</div>
    </div>
  )
}

function StatCard({ title, value, icon }: { title: ReactNode; value: string; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-center gap-3 px-1 py-1.5 text-center sm:justify-between sm:p-5 sm:text-left">
        <div className="min-w-0">
          <h2 className="text-[0.7rem] leading-tight font-semibold text-muted-foreground sm:text-sm">{title}</h2>
          <p className="text-sm font-bold break-words text-brown sm:mt-1 sm:text-2xl">{value}</p>
        </div>
        <span
          className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex [&_svg]:size-5"
          aria-hidden
        >
          {icon}
        </span>
      </CardContent>
    </Card>
  )
}

/**
 * A stat card's title: on a phone its short word ('Pending'), the rest read by screen readers only;
 * from tablet width up the whole title ('Pending Orders').
 */
function ShortTitle({ hidden, after = false, children }: { hidden: string; after?: boolean; children: string }) {
  const rest = <span className="max-sm:sr-only">{hidden}</span>
  return (
    <>
      {!after && rest}
      {children}
      {after && rest}
    </>
  )
}
