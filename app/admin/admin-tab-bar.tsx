// The admin panel's tab bar: links, not ARIA tabs, because each tab is its own page (NavLink marks
// the open one with aria-current="page"). On a phone one row that scrolls sideways (the open tab
// brought into view, Orders and its unread count held at the start), so the newest orders come
// right after it; rows of wrapping tabs from tablet width up. Each tab is as wide as its label and badge, so a badge never squeezes over its label.
import { Bell, BookOpen, ChartColumn, ClipboardList, History, Mail, Package, Settings, Star, Truck } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { NavLink, useLocation } from 'react-router'
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
  const row = useRef<HTMLUListElement>(null)
  const { pathname } = useLocation()
  // On a phone the row scrolls sideways: the open tab is brought into it (a tab opened from a link,
  // or one far along the row), so the owner sees where they are and the tabs beside it.
  useEffect(() => {
    const list = row.current
    const open = list?.children[openTabIndex(pathname)]
    const pinned = list?.firstElementChild
    if (!list || !(open instanceof HTMLElement) || !(pinned instanceof HTMLElement) || open === pinned) return
    if (list.scrollWidth <= list.clientWidth) return
    const margin = 24
    const start = list.scrollLeft + pinned.offsetWidth
    if (open.offsetLeft < start) list.scrollLeft = Math.max(0, open.offsetLeft - pinned.offsetWidth - margin)
    else if (open.offsetLeft + open.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = open.offsetLeft + open.offsetWidth - list.clientWidth + margin
  }, [pathname])
  return (
    <nav aria-label="Admin sections" className="mt-3 sm:mt-6">
      <ul
        ref={row}
        className="relative flex gap-1.5 overflow-x-auto overscroll-x-contain rounded-xl border bg-secondary p-1.5 sm:flex-wrap sm:overflow-visible sm:bg-secondary/60"
      >
        {ADMIN_TABS.map((tab) => (
          <li
            key={tab.id}
            className={cn(
              'shrink-0 sm:min-w-0 sm:flex-auto',
              // Orders, with its unread count, stays at the row's start while the others scroll under it.
              tab.id === 'orders' &&
                // The shadow to its left fills the row's padding, which would show the tabs scrolling by.
                'max-sm:sticky max-sm:left-0 max-sm:z-10 max-sm:bg-secondary max-sm:shadow-[-6px_0_0_0_var(--color-secondary),8px_0_8px_-6px_oklch(0.3_0.06_45/0.3)]',
            )}
          >
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap sm:gap-2 sm:whitespace-normal transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset [&_svg]:size-4 [&_svg]:shrink-0',
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

/** The tab NavLink marks as open on this path: '/admin' exactly, the others with their sub-pages. */
function openTabIndex(pathname: string): number {
  return ADMIN_TABS.findIndex((tab) => (tab.end ? pathname === tab.to : pathname.startsWith(tab.to)))
}

function Badge({ count, meaning }: { count: number; meaning: string | undefined }) {
  if (count <= 0) return null
  return (
    <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-chilli px-1.5 text-xs leading-5 font-bold text-white">
      {count > 99 ? '99+' : count}
      {/* Read with its meaning: the link's name is 'Orders 3 unread'. */}
      {meaning && <span className="sr-only"> {meaning}</span>}
    </span>
  )
}
