// Booking one order's parcel: the couriers that serve its PIN code (asked of Shiprocket when the
// dialog opens), cheapest first, the recommended one marked and chosen, then one tap books it. Used by
// the Shipping view's cards and an order's Details. The answer is said even if the dialog was closed
// meanwhile, and the page's loaders reload so the order moves to Awaiting pickup.
import { AlertTriangle, Banknote, CalendarCheck, CalendarClock, RefreshCw, Star, Truck } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { formatRupees } from '#app/shared/money.ts'
import { Badge } from '#app/ui/badge.tsx'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#app/ui/dialog.tsx'
import { Skeleton } from '#app/ui/skeleton.tsx'
import { toast } from '#app/ui/toast.tsx'
import type { CourierChoices } from '../booking.server.ts'
import {
  type BookAnswer,
  bookParcel,
  type CouriersAnswer,
  fetchCouriers,
  type Refusal,
  useBookingInFlight,
} from './booking-requests.ts'
import { shortDay } from './booking-view.ts'

export function BookingDialog({
  orderId,
  number,
  children,
}: {
  orderId: string
  number: string
  /** The button that opens the dialog; focus returns to it on close. */
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  // Asking again mounts a fresh picker, which asks Shiprocket afresh.
  const [asked, setAsked] = useState(0)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent closeLabel="Close the booking">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Truck className="size-5 shrink-0 text-primary" aria-hidden />
            <span>
              Book order <span className="font-mono">#{number}</span>
            </span>
          </DialogTitle>
          <DialogDescription>
            Choose the courier. Shiprocket books it, makes the label and asks the courier to pick the parcel up from the
            shop.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: each opening asks for the couriers afresh. */}
        <CourierPicker
          key={asked}
          orderId={orderId}
          onBooked={() => setOpen(false)}
          onAskAgain={() => setAsked(asked + 1)}
        />
      </DialogContent>
    </Dialog>
  )
}

/** Shows a booking's answer: the success with a button for its label, or the refusal in red. */
export function announceBooking(answer: BookAnswer) {
  if (answer.ok) {
    toast(answer.title, {
      description: answer.message,
      action: { label: 'Label', onClick: () => window.open(answer.labelHref, '_blank', 'noopener') },
    })
  } else {
    toast.error(answer.title, { description: answer.message })
  }
}

function CourierPicker({
  orderId,
  onBooked,
  onAskAgain,
}: {
  orderId: string
  onBooked: () => void
  onAskAgain: () => void
}) {
  const id = useId()
  const { revalidate } = useRevalidator()
  const [choices, setChoices] = useState<CouriersAnswer | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const booking = useBookingInFlight(orderId)
  // Whether the dialog is still open when the answer comes: if not, the answer is a toast.
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    const abort = new AbortController()
    fetchCouriers(orderId, abort.signal).then(setChoices, () => {
      // Aborted: the dialog closed or asked again.
    })
    return () => abort.abort()
  }, [orderId])

  const serviceable = choices?.kind === 'serviceable' ? choices : null
  const courierId = chosen ?? serviceable?.recommendedId ?? null
  const courier = serviceable?.couriers.find((option) => option.courierCompanyId === courierId)

  const book = async () => {
    if (courierId === null) return
    setRefusal(null)
    const answer = await bookParcel(orderId, courierId)
    if (answer.ok) {
      if (mounted.current) onBooked()
      announceBooking(answer)
    } else if (mounted.current) {
      setRefusal(answer)
    } else {
      announceBooking(answer)
    }
    // A refusal may have left a half-done booking with its reason: the view shows it too.
    void revalidate()
  }

  if (choices === null) {
    return (
      <div role="status" className="grid gap-2">
        <p className="text-sm text-muted-foreground">Asking Shiprocket for the couriers…</p>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    )
  }
  if (choices.kind === 'failed' || choices.kind === 'unserviceable') {
    return (
      <div className="grid gap-3">
        <Problem title={choices.kind === 'failed' ? choices.title : 'No courier serves this address'}>
          {choices.message}
        </Problem>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" className="h-11">
              Close
            </Button>
          </DialogClose>
          <Button className="h-11" onClick={onAskAgain}>
            <RefreshCw aria-hidden />
            Ask again
          </Button>
        </DialogFooter>
      </div>
    )
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        void book()
      }}
    >
      <PromiseNote choices={choices} />
      <fieldset className="grid gap-2" disabled={booking}>
        <legend className="mb-2 text-sm font-semibold">
          {choices.couriers.length} {choices.couriers.length === 1 ? 'courier serves' : 'couriers serve'} this address
          <span className="font-normal text-muted-foreground"> · {parcelText(choices.parcel)}</span>
        </legend>
        {choices.couriers.map((option) => (
          <CourierOptionRow
            key={option.courierCompanyId}
            name={`${id}-courier`}
            option={option}
            recommended={option.courierCompanyId === choices.recommendedId}
            checked={option.courierCompanyId === courierId}
            late={Boolean(choices.deliveryBy && (option.etd === null || option.etd > choices.deliveryBy))}
            onChoose={() => setChosen(option.courierCompanyId)}
          />
        ))}
      </fieldset>
      {refusal && <Problem title={refusal.title}>{refusal.message}</Problem>}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" className="h-11">
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          className="h-auto min-h-11 whitespace-normal"
          disabled={booking || !courier}
          aria-busy={booking}
        >
          <Truck aria-hidden />
          {booking ? 'Booking…' : refusal ? 'Try again' : `Book with ${courier?.name ?? 'this courier'}`}
        </Button>
      </DialogFooter>
    </form>
  )
}

type CourierOption = CourierChoices['couriers'][number]

function CourierOptionRow({
  name,
  option,
  recommended,
  checked,
  late,
  onChoose,
}: {
  name: string
  option: CourierOption
  recommended: boolean
  checked: boolean
  /** Expected after the day promised at checkout (or with no expected day). */
  late: boolean
  onChoose: () => void
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 transition-colors has-focus-visible:ring-[3px] has-focus-visible:ring-ring/60',
        checked ? 'border-primary bg-secondary/60' : 'hover:bg-secondary/30',
      )}
    >
      <input
        type="radio"
        name={name}
        value={option.courierCompanyId}
        checked={checked}
        onChange={onChoose}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span className="grid min-w-0 flex-1 gap-1 text-sm">
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-semibold break-words">{option.name}</span>
          <span className="shrink-0 font-bold text-brown">{formatRupees(option.rate, 'en')}</span>
        </span>
        {/* No separators between the facts: a wrapped line would start with one. */}
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
          {recommended && <Badge variant="accent">Recommended</Badge>}
          <span className={cn('inline-flex items-center gap-1', late && 'font-semibold text-chilli')}>
            <CalendarClock className="size-3.5 shrink-0" aria-hidden />
            {expectedText(option)}
            {late && ' (after the promised day)'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Banknote className="size-3.5 shrink-0" aria-hidden />
            {option.cod ? 'COD' : 'No COD'}
          </span>
          <span>{option.surface ? 'Surface' : 'Air'}</span>
          {option.rating !== null && (
            <span className="inline-flex items-center gap-0.5">
              <Star className="size-3.5 fill-turmeric text-turmeric" aria-hidden />
              <span className="sr-only">Rated </span>
              {option.rating.toFixed(1)}
            </span>
          )}
        </span>
      </span>
    </label>
  )
}

/** '3 days, by Thu, 26 Nov'; what is known of it otherwise. */
function expectedText(option: CourierOption): string {
  const days =
    option.estimatedDays === null ? null : `${option.estimatedDays} ${option.estimatedDays === 1 ? 'day' : 'days'}`
  const day = option.etd ? `by ${shortDay(option.etd)}` : null
  if (days && day) return `${days}, ${day}`
  return days ?? day ?? 'No expected day'
}

function parcelText(parcel: CourierChoices['parcel']): string {
  return `parcel ${parcel.weightKg} kg, ${parcel.lengthCm} × ${parcel.breadthCm} × ${parcel.heightCm} cm`
}

function PromiseNote({ choices }: { choices: CourierChoices }) {
  if (!choices.deliveryBy) return null
  if (choices.meetsPromise) {
    return (
      <p className="flex items-center gap-2 text-sm">
        <CalendarCheck className="size-4 shrink-0 text-primary" aria-hidden />
        Promised by {shortDay(choices.deliveryBy)}: the cheapest courier expected by then is chosen.
      </p>
    )
  }
  return (
    <p className="flex items-start gap-2 rounded-lg border border-accent bg-accent/20 p-3 text-sm text-brown">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="font-semibold">No courier is expected by {shortDay(choices.deliveryBy)}</span>, the day
        promised at checkout: the soonest one is chosen. Tell the customer it may come later.
      </span>
    </p>
  )
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        {title}
      </p>
      <p className="mt-1">{children}</p>
    </div>
  )
}
