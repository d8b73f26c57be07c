// The admin panel's tab bar: links, not ARIA tabs, because each tab is its own page (NavLink marks
// the open one with aria-current="page"). Three by three on a phone (icon over label, the badge in
// the corner), rows of wrapping tabs from tablet width up: each as wide as its label and badge, so a
// row that has no room for one more wraps rather than squeezing a badge over its label.
import { Bell, BookOpen, ChartColumn, ClipboardList, History, Mail, Package, Settings, Star, Truck } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { cn } from '#app/ui/cn.ts'
import { ADMIN_TABS, type AdminTab, BADGE_MEANING, type TabBadges } from './tabs.ts'

const TAB_ICON: Record<AdminTab['id'], ReactNode> = {
  orders: <ClipboardList aria-hidden />,
  shipping: <Truck aria-hidden />,
  products: <Package aria-hidden />,
  blogs: <BookOpen aria-hidden />,
  push: <Bell aria-hidden />,
  sales: <ChartColumn aria-hidden />,
  messages: <Mail aria-hidden />,
  reviews: <Star aria-hidden />,
  settings: <Settings aria-hidden />,
  audit: <History aria-hidden />,
}

export function AdminTabBar({ badges }: { badges: TabBadges }) {
  return (
    <nav aria-label="Admin sections" className="mt-6">
      <ul className="grid grid-cols-3 gap-1.5 rounded-xl border bg-secondary/60 p-1.5 sm:flex sm:flex-wrap">
        {ADMIN_TABS.map((tab) => (
          <li key={tab.id} className="min-w-0 sm:flex-auto">
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'relative flex min-h-14 flex-col items-center justify-center gap-1 rounded-lg px-1 py-2 text-xs font-semibold sm:min-h-11 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 [&_svg]:size-4 [&_svg]:shrink-0',
                  isActive ? 'bg-primary text-primary-foreground shadow-sm' : 'text-brown hover:bg-card',
                )
              }
            >
              {TAB_ICON[tab.id]}
              <span className="min-w-0 text-center leading-tight">{tab.label}</span>
              <Badge count={badges[tab.id] ?? 0} meaning={BADGE_MEANING[tab.id]} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Badge({ count, meaning }: { count: number; meaning: string | undefined }) {
  if (count <= 0) return null
  return (
    <span className="absolute top-1 right-1 inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-chilli px-1.5 text-xs leading-5 font-bold text-white ring-2 ring-card sm:static">
      {count > 99 ? '99+' : count}
      {/* Read with its meaning: the link's name is 'Orders 3 unread'. */}
      {meaning && <span className="sr-only"> {meaning}</span>}
    </span>
  )
}
