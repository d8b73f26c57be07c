// The admin's Messages tab: what shoppers wrote through the contact form, newest first, unread ones
// stressed, with a reply by e-mail and a mark handled / unread for each. The filter and the page live
// in the URL, so a reload or a shared link shows the same list.

import { Check, ChevronLeft, ChevronRight, Inbox, Mail, MailOpen, Phone, Reply } from 'lucide-react'
import { useId, useRef } from 'react'
import { Link, useNavigation } from 'react-router'
import { useShopSettings } from '#app/settings/use-shop-settings.ts'
import { formatIndianMobile, telHref } from '#app/shared/phone.ts'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { useFocusBack } from '#app/ui/use-focus-back.ts'
import { useListChange, useListChangeAnswers } from '#app/ui/use-list-change.ts'
import {
  formatIstDateTime,
  type InboxMessage,
  type InboxPage,
  type InboxResult,
  MESSAGE_FILTERS,
  type MessageFilter,
  messagesHref,
  replyHref,
} from '../inbox.ts'

const MESSAGES_PATH = '/admin/messages'
/** The fetcher every card's Mark handled and Mark unread go through (see `useListChange`). */
const MARKING = 'message-marking'

export function MessagesTab({ page, answer }: { page: InboxPage; answer?: InboxResult }) {
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === MESSAGES_PATH
  const { query } = page
  useListChangeAnswers(MARKING)
  return (
    <section aria-labelledby="messages-tab-title" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="messages-tab-title" className="text-2xl font-bold sm:text-3xl">
          Messages{' '}
          <span
            className={cn(
              'text-lg font-semibold sm:text-xl',
              page.unread > 0 ? 'text-chilli' : 'text-muted-foreground',
            )}
          >
            ({page.unread.toLocaleString('en-IN')} unread)
          </span>
        </h2>
        <p className="text-sm text-muted-foreground">From the contact form, newest first</p>
      </div>

      {/* Without JavaScript the form's answer comes back with the page. */}
      {answer && (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={cn(
            'rounded-lg border p-3 text-sm',
            answer.ok ? 'border-success/40 bg-card' : 'border-destructive/40 bg-card text-destructive',
          )}
        >
          <span className="font-semibold">{answer.title}:</span> {answer.message}
        </p>
      )}

      <FilterChips show={query.show} total={page.total} unread={page.unread} />

      <div aria-busy={loading} className={cn('transition-opacity', loading && 'opacity-60')}>
        {page.messages.length === 0 ? (
          <Empty show={query.show} />
        ) : (
          <ul className="grid gap-4" aria-label="Messages">
            {page.messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <Pages show={query.show} cursor={query.cursor} nextCursor={page.nextCursor} />
    </section>
  )
}

const FILTER_LABEL: Record<MessageFilter, string> = { all: 'All', unread: 'Unread' }

function FilterChips({ show, total, unread }: { show: MessageFilter; total: number; unread: number }) {
  const counts: Record<MessageFilter, number> = { all: total, unread }
  return (
    <nav aria-label="Show messages">
      <ul className="flex flex-wrap gap-2">
        {MESSAGE_FILTERS.map((filter) => {
          const active = filter === show
          return (
            <li key={filter}>
              <Link
                to={messagesHref({ show: filter })}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  active
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-card text-brown hover:bg-secondary',
                )}
              >
                {FILTER_LABEL[filter]} ({counts[filter].toLocaleString('en-IN')})
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function MessageCard({ message }: { message: InboxMessage }) {
  const titleId = useId()
  const shopName = useShopSettings()?.shopName ?? ''
  const fetcher = useListChange<InboxResult>(MARKING)
  const requested = fetcher.formData?.get('messageId') === message.id ? fetcher.formData.get('intent') : null
  // Shown in its new state from the click on; the server's answer confirms it or puts it back.
  const unread = requested ? requested === 'unread' : message.handledAt === null
  const markButton = useRef<HTMLButtonElement>(null)
  useFocusBack(requested !== null, markButton)
  const received = formatIstDateTime(message.createdAt)
  const name = `${message.firstName} ${message.lastName}`

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'rounded-xl border border-l-4 bg-card shadow-sm',
        unread ? 'border-l-chilli' : 'border-l-transparent',
      )}
    >
      <div className="grid gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className={cn('min-w-0 text-lg break-words', unread ? 'font-bold' : 'font-semibold')}>
            {unread && <span className="sr-only">Unread: </span>}
            {name}
          </h3>
          <div className="flex items-center gap-2">
            {unread ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-chilli px-2.5 py-0.5 text-xs font-semibold text-white">
                <Mail className="size-3" aria-hidden />
                Unread
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 rounded-full border border-success/40 px-2.5 py-0.5 text-xs font-semibold text-success">
                <Check className="size-3" aria-hidden />
                Handled
              </span>
            )}
          </div>
        </div>
        <p className="-mt-2 text-sm text-muted-foreground">
          <time dateTime={message.createdAt}>{received}</time>
        </p>

        <div className="flex flex-wrap gap-x-5 text-sm">
          <a
            href={`mailto:${message.email}`}
            className="flex min-h-10 min-w-0 items-center gap-2 font-medium break-all text-primary underline-offset-2 hover:underline"
          >
            <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {message.email}
          </a>
          {message.phone && (
            <a
              href={telHref(message.phone)}
              className="flex min-h-10 items-center gap-2 font-medium text-primary underline-offset-2 hover:underline"
            >
              <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {formatIndianMobile(message.phone)}
            </a>
          )}
        </div>

        {/* React escapes the text; pre-wrap keeps the sender's line breaks. */}
        <p className="rounded-lg bg-muted/50 p-3 leading-relaxed break-words whitespace-pre-wrap">{message.message}</p>

        {message.handledAt && !unread && (
          <p className="text-xs text-muted-foreground">Handled {formatIstDateTime(message.handledAt)}</p>
        )}
      </div>

      <div className="flex flex-wrap gap-2 border-t bg-muted/40 p-3">
        <Button asChild variant="outline" className="h-11 flex-1 sm:flex-none">
          <a href={replyHref(message, shopName, received)} aria-label={`Reply by e-mail to ${name}`}>
            <Reply aria-hidden />
            Reply by e-mail
          </a>
        </Button>
        <fetcher.Form method="post" action={MESSAGES_PATH} className="flex flex-1 sm:flex-none">
          <input type="hidden" name="messageId" value={message.id} />
          <input type="hidden" name="version" value={message.version} />
          <Button
            ref={markButton}
            type="submit"
            name="intent"
            value={unread ? 'handled' : 'unread'}
            variant={unread ? 'default' : 'ghost'}
            disabled={fetcher.state !== 'idle'}
            className="h-11 flex-1"
            aria-label={`${unread ? 'Mark handled' : 'Mark unread'}: message from ${name}`}
          >
            {unread ? <Check aria-hidden /> : <MailOpen aria-hidden />}
            {unread ? 'Mark handled' : 'Mark unread'}
          </Button>
        </fetcher.Form>
      </div>
    </article>
  )
}

function Empty({ show }: { show: MessageFilter }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <Inbox className="size-10 text-muted-foreground/60" aria-hidden />
      <p className="text-lg font-semibold">{show === 'unread' ? 'No unread messages' : 'No messages yet'}</p>
      <p className="max-w-prose text-sm text-muted-foreground">
        {show === 'unread'
          ? 'Every message has been handled.'
          : 'Messages sent through the contact form appear here, and are e-mailed to the shop.'}
      </p>
      {show === 'unread' && (
        <Button asChild variant="outline" className="h-11">
          <Link to={messagesHref({ show: 'all' })}>Show all messages</Link>
        </Button>
      )}
    </div>
  )
}

function Pages({
  show,
  cursor,
  nextCursor,
}: {
  show: MessageFilter
  cursor: string | null
  nextCursor: string | null
}) {
  if (!cursor && !nextCursor) return null
  return (
    <nav aria-label="Pages of messages" className="flex flex-wrap items-center justify-between gap-2">
      {cursor ? (
        <Button asChild variant="outline" className="h-11">
          <Link to={messagesHref({ show })}>
            <ChevronLeft aria-hidden />
            Newest messages
          </Link>
        </Button>
      ) : (
        <span />
      )}
      {nextCursor && (
        <Button asChild variant="outline" className="h-11">
          <Link to={messagesHref({ show, cursor: nextCursor })}>
            Older messages
            <ChevronRight aria-hidden />
          </Link>
        </Button>
      )}
    </nav>
  )
}
