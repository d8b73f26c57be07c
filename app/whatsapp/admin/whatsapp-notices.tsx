// The Details dialog's "Notices": each WhatsApp notice of the order, what it was about, to whom, how far
// it got and when, and for one that failed Meta's reason. Nothing shows for an order with none.
import { AlertTriangle, Check, CheckCheck, Clock, MessageCircle } from 'lucide-react'
import { useId } from 'react'
import { formatOrderDate } from '#app/orders/order-texts.ts'
import { cn } from '#app/ui/cn.ts'
import { failureReason, noticeStatusLabel, templateLabel, type WhatsAppNoticeView } from '../notice-view.ts'

const STATUS_ICON = {
  queued: Clock,
  sending: Clock,
  accepted: Check,
  sent: Check,
  delivered: CheckCheck,
  read: CheckCheck,
  failed: AlertTriangle,
  fallback: AlertTriangle,
} as const

function StatusIcon({ status }: { status: string }) {
  const Icon = (STATUS_ICON as Record<string, typeof Clock>)[status] ?? MessageCircle
  return <Icon className="size-3.5 shrink-0" aria-hidden />
}

const isFailure = (status: string) => status === 'failed' || status === 'fallback'

export function WhatsAppNotices({ notices }: { notices: readonly WhatsAppNoticeView[] }) {
  const titleId = useId()
  if (notices.length === 0) return null
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h3 id={titleId} className="font-bold">
        Notices
      </h3>
      <ul className="grid gap-2 text-sm">
        {notices.map((notice) => {
          const reason = isFailure(notice.status) ? failureReason(notice) : null
          return (
            <li
              key={notice.id}
              className={cn('rounded-lg border p-2', isFailure(notice.status) && 'border-destructive/50')}
            >
              <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="font-semibold">{templateLabel(notice.template)}</span>
                <span
                  className={cn(
                    'inline-flex items-center gap-1 font-semibold',
                    isFailure(notice.status) && 'text-destructive',
                    (notice.status === 'delivered' || notice.status === 'read') && 'text-success',
                  )}
                >
                  <StatusIcon status={notice.status} />
                  {noticeStatusLabel(notice.status)}
                </span>
              </p>
              <p className="text-muted-foreground">
                WhatsApp · {notice.audience === 'owner' ? 'to you' : 'to the customer'} ·{' '}
                <time dateTime={notice.statusAt}>{formatOrderDate(notice.statusAt, true)}</time>
              </p>
              {reason && (
                <p className="break-words text-destructive">
                  <span className="font-semibold">WhatsApp's reason: </span>
                  {reason}
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
