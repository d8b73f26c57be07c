// The admin's Push Notifications tab (spec sections 2, 5, 8): the 'Send Push Notification' form with
// live counters, five Quick Templates that fill it in one click, and the History of what was sent with
// how many devices took each one. Sending only queues the fan-out, so the page checks back every few
// seconds while a notification is still going out.
import { Bell, History, Send, Sparkles } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useActionData, useFetcher, useRevalidator } from 'react-router'
import { Field, TextArea, TextInput } from '#app/contact/form-field.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { cn } from '#app/ui/cn.ts'
import { toastAnswer } from '#app/ui/toast.tsx'
import { useFocusBack } from '#app/ui/use-focus-back.ts'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import {
  FILL_IN,
  MESSAGE_MAX,
  type NotificationHistoryRow,
  type PushTemplate,
  type SendAnswer,
  TITLE_MAX,
} from '../push-notification.ts'
import { OwnerAlerts } from './owner-alerts.tsx'

export interface PushTabData {
  history: NotificationHistoryRow[]
  subscribers: number
  ownerDevices: number
  /** The endpoints of the owner's devices, so the tab can tell whether it runs on one. */
  ownerEndpoints: string[]
  templates: PushTemplate[]
}

const PUSH_PATH = '/admin/push'
const EMPTY = { title: '', message: '', imageUrl: '', targetUrl: '' }
/** How often the History is read again while a notification is still going out. */
const SENDING_REFRESH_MS = 2000

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
})

export function PushTab({ data }: { data: PushTabData }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <OwnerAlerts ownerEndpoints={data.ownerEndpoints} ownerDevices={data.ownerDevices} />
      <SendForm data={data} />
      <HistoryList history={data.history} />
    </div>
  )
}

function SendForm({ data }: { data: PushTabData }) {
  const fetcher = useFetcher<SendAnswer>()
  // Without JavaScript the form posts as a page: its answer comes back as the route's action data.
  const posted = useActionData<SendAnswer>()
  const [fields, setFields] = useState(EMPTY)
  // Before hydration the button stays enabled, so the form works without JavaScript (the server
  // answers an empty one with the same sentence).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const sending = fetcher.state !== 'idle'
  const missing = fields.title.trim() === '' || fields.message.trim() === ''

  const sendButton = useRef<HTMLButtonElement>(null)
  const titleInput = useRef<HTMLInputElement>(null)
  const sent = useRef(false)
  // A refusal gives the focus back to Send; a sent notification empties the form, which disables
  // Send, so the focus goes to the title for the next one.
  useFocusBack(sending, sendButton)
  useNewAnswer(fetcher.data ?? posted, (answer) => {
    toastAnswer(answer)
    if (answer.ok) {
      setFields(EMPTY)
      sent.current = true
    }
  })
  useEffect(() => {
    if (sending || !missing || !sent.current) return
    sent.current = false
    if (!document.activeElement || document.activeElement === document.body) titleInput.current?.focus()
  }, [sending, missing])

  function set(name: keyof typeof EMPTY) {
    return (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget
      setFields((current) => ({ ...current, [name]: value }))
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (missing) event.preventDefault()
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="p-4 sm:p-6">
          <section aria-labelledby="push-send-title">
            <h2 id="push-send-title" className="flex items-center gap-2 text-xl font-bold sm:text-2xl">
              <Bell className="size-5 text-primary" aria-hidden />
              Send Push Notification
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Goes to {data.subscribers.toLocaleString('en-IN')} subscribed{' '}
              {data.subscribers === 1 ? 'device' : 'devices'}
              {data.ownerDevices > 0 && ` (${data.ownerDevices.toLocaleString('en-IN')} of them yours)`}.
            </p>
            <fetcher.Form method="post" action={PUSH_PATH} onSubmit={onSubmit} className="mt-5 grid gap-5">
              <Field
                id="push-title"
                label="Title"
                aside={<Counter length={fields.title.length} max={TITLE_MAX} id="push-title-count" />}
              >
                {(described) => (
                  <TextInput
                    ref={titleInput}
                    id="push-title"
                    name="title"
                    value={fields.title}
                    onChange={set('title')}
                    maxLength={TITLE_MAX}
                    required
                    autoComplete="off"
                    {...described}
                    aria-describedby="push-title-count"
                  />
                )}
              </Field>
              <Field
                id="push-message"
                label="Message"
                aside={<Counter length={fields.message.length} max={MESSAGE_MAX} id="push-message-count" />}
              >
                {(described) => (
                  <TextArea
                    id="push-message"
                    name="message"
                    value={fields.message}
                    onChange={set('message')}
                    maxLength={MESSAGE_MAX}
                    required
                    className="min-h-24"
                    {...described}
                    aria-describedby="push-message-count"
                  />
                )}
              </Field>
              <Field
                id="push-image"
                label="Image URL"
                optional
                hint="Shown large on phones that support it: an https:// address or a path on this site, such as /images/hero-1280.webp"
              >
                {(described) => (
                  <TextInput
                    id="push-image"
                    name="imageUrl"
                    value={fields.imageUrl}
                    onChange={set('imageUrl')}
                    inputMode="url"
                    autoComplete="off"
                    {...described}
                  />
                )}
              </Field>
              <Field
                id="push-target"
                label="Target URL"
                optional
                hint="Where a tap opens: a page of this shop, such as /products or /blog"
              >
                {(described) => (
                  <TextInput
                    id="push-target"
                    name="targetUrl"
                    value={fields.targetUrl}
                    onChange={set('targetUrl')}
                    inputMode="url"
                    autoComplete="off"
                    {...described}
                  />
                )}
              </Field>
              {/* Without JavaScript no toast shows: the page's answer is written here instead. */}
              {posted && !hydrated && (
                <p
                  role={posted.ok ? 'status' : 'alert'}
                  className={cn(
                    'rounded-md border bg-card p-3 text-sm',
                    posted.ok ? 'border-success/40' : 'border-destructive/40 text-destructive',
                  )}
                >
                  <span className="font-semibold">{posted.title}</span> {posted.message}
                </p>
              )}
              <div className="grid gap-2 sm:flex sm:items-center sm:justify-between">
                <p className={cn('text-sm text-muted-foreground', !missing && 'invisible')} aria-live="polite">
                  {missing ? FILL_IN : ''}
                </p>
                <Button
                  ref={sendButton}
                  type="submit"
                  size="lg"
                  disabled={hydrated && (missing || sending)}
                  className="w-full sm:w-auto"
                >
                  <Send aria-hidden />
                  {sending ? 'Sending…' : 'Send Notification'}
                </Button>
              </div>
            </fetcher.Form>
          </section>
        </CardContent>
      </Card>
      <Templates templates={data.templates} onPick={(template) => setFields({ ...EMPTY, ...pick(template) })} />
    </div>
  )
}

function pick({ title, message, targetUrl }: PushTemplate) {
  return { title, message, targetUrl }
}

function Counter({ length, max, id }: { length: number; max: number; id: string }) {
  return (
    <span
      id={id}
      className={cn('shrink-0 text-xs tabular-nums', length >= max ? 'text-chilli' : 'text-muted-foreground')}
    >
      {length}/{max}
      <span className="sr-only"> characters</span>
    </span>
  )
}

function Templates({ templates, onPick }: { templates: PushTemplate[]; onPick: (template: PushTemplate) => void }) {
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <section aria-labelledby="push-templates-title">
          <h2 id="push-templates-title" className="flex items-center gap-2 text-xl font-bold">
            <Sparkles className="size-5 text-primary" aria-hidden />
            Quick Templates
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">One tap fills the form; change anything before sending.</p>
          <ul className="mt-4 grid gap-3">
            {templates.map((template) => (
              <li key={template.id}>
                <button
                  type="button"
                  onClick={() => onPick(template)}
                  className="grid w-full gap-1 rounded-lg border bg-card p-3 text-left transition-colors outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <span className="text-xs font-semibold tracking-wide text-primary uppercase">
                    <span className="sr-only">Use template: </span>
                    {template.label}
                  </span>
                  <span className="font-semibold break-words">{template.title}</span>
                  <span className="text-sm break-words text-muted-foreground">{template.message}</span>
                  <span className="text-xs text-muted-foreground">Opens {template.targetUrl}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  )
}

function HistoryList({ history }: { history: NotificationHistoryRow[] }) {
  const { revalidate, state } = useRevalidator()
  const sending = history.some((row) => row.completedAt === null)
  useEffect(() => {
    if (!sending) return
    const timer = setInterval(() => {
      if (state === 'idle') void revalidate()
    }, SENDING_REFRESH_MS)
    return () => clearInterval(timer)
  }, [sending, revalidate, state])

  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <section aria-labelledby="push-history-title">
          <h2 id="push-history-title" className="flex items-center gap-2 text-xl font-bold">
            <History className="size-5 text-primary" aria-hidden />
            History
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">The last 50 notifications, newest first.</p>
          {history.length === 0 ? (
            <p className="mt-4 rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              No notifications sent yet.
            </p>
          ) : (
            <ul className="mt-4 grid gap-3" aria-label="Sent notifications">
              {history.map((row) => (
                <li key={row.id}>
                  <HistoryRow row={row} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  )
}

function HistoryRow({ row }: { row: NotificationHistoryRow }) {
  const counts = [
    ['Sent', row.sent],
    ['Delivered', row.delivered],
    ['Failed', row.failed],
    ['Removed', row.removed],
  ] as const
  return (
    <article aria-label={row.title} className="grid gap-2 rounded-lg border bg-card p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-semibold break-words">{row.title}</h3>
        <time dateTime={row.createdAt} className="text-xs text-muted-foreground">
          {istDateTime.format(new Date(row.createdAt))}
        </time>
      </div>
      <p className="text-sm break-words text-muted-foreground">{row.message}</p>
      {row.targetUrl && <p className="text-xs break-all text-muted-foreground">Opens {row.targetUrl}</p>}
      <dl className="grid grid-cols-4 gap-1 text-center text-xs">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-md bg-secondary/50 px-1 py-1.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-base font-semibold tabular-nums">{value.toLocaleString('en-IN')}</dd>
          </div>
        ))}
      </dl>
      {row.completedAt === null && (
        <p className="text-xs font-medium text-primary" role="status">
          Sending…
        </p>
      )}
    </article>
  )
}
