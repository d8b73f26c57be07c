// The admin pro panel's frame (spec section 2): the header with Logout, the four stat cards, the tab
// bar and the open tab. Live events are listened to here, so a new-order alert reaches the owner
// whichever tab is open.
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
      <header className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-brown px-5 py-4 text-primary-foreground shadow-sm">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-primary-foreground sm:text-3xl">Admin Pro Panel</h1>
          <p className="text-sm break-words opacity-85">Signed in as {admin.email ?? admin.name}</p>
        </div>
        <Form method="post" action="/logout">
          <input type="hidden" name="redirectTo" value="/admin" />
          <Button type="submit" variant="secondary" className="h-11">
            <LogOut aria-hidden /> Logout
          </Button>
        </Form>
      </header>
      <section aria-label="Shop statistics" className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard title="Total Orders" value={stats.totalOrders.toLocaleString('en-IN')} icon={<ClipboardList />} />
        <StatCard title="Pending Orders" value={stats.pendingOrders.toLocaleString('en-IN')} icon={<Clock />} />
        <StatCard title="Total Revenue" value={formatWholeRupees(stats.totalRevenue)} icon={<IndianRupee />} />
        <StatCard title="Today's Orders" value={stats.todaysOrders.toLocaleString('en-IN')} icon={<Sun />} />
      </section>
      <AdminTabBar badges={badges} />
      <div className="mt-6">{children}</div>
    </div>
  )
}

function StatCard({ title, value, icon }: { title: string; value: string; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-3 p-4 sm:p-5">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-muted-foreground">{title}</h2>
          <p className="mt-1 text-xl font-bold break-words text-brown sm:text-2xl">{value}</p>
        </div>
        <span
          className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary min-[400px]:flex [&_svg]:size-5"
          aria-hidden
        >
          {icon}
        </span>
      </CardContent>
    </Card>
  )
}
