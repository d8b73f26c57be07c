// The PIN code box (product page, cart drawer, /delivery): 'Delivery by {day}', cash on delivery or
// not, or 'We don't deliver to {PIN} yet', answered by the server. With JavaScript a fetcher asks
// /delivery (no reload) and a remembered PIN code is asked at once; without it the GET form opens
// /delivery, which shows the answer.
import { CircleAlert, CircleCheck, CircleX, Truck } from 'lucide-react'
import { useEffect, useId } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { TextInput } from '#app/contact/form-field.tsx'
import { localize } from '#app/i18n/links.tsx'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import type { DeliveryCheck } from './delivery-check.server.ts'
import { deliveryTexts as t } from './delivery-texts.ts'
import { rememberedPin } from './remembered-pin.ts'

export function PinCodeBox({
  initial = null,
  compact = false,
  fetcherKey,
}: {
  initial?: DeliveryCheck | null
  /** The cart drawer's: tighter, with the label and hint for screen readers only. */
  compact?: boolean
  /** Lets the page read the answers too (the cart drawer's totals). */
  fetcherKey?: string
}) {
  const fetcher = useFetcher<DeliveryCheck>({ key: fetcherKey })
  const location = useLocation()
  const id = useId()
  const check = fetcher.data ?? initial
  const busy = fetcher.state !== 'idle'

  // A PIN code remembered from an earlier visit: asked once the page is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (initial) return
    const pin = rememberedPin(document.cookie)
    if (pin) fetcher.load(localize(`/delivery?pin=${pin}`))
  }, [])

  return (
    <section aria-labelledby={`${id}-title`} className={cn('rounded-xl border bg-card', compact ? 'p-3' : 'p-4')}>
      <h2
        id={`${id}-title`}
        className={cn('flex items-center gap-2 font-semibold text-brown', compact && 'font-sans text-sm')}
      >
        <Truck className={cn('shrink-0 text-primary', compact ? 'size-4' : 'size-5')} aria-hidden />
        {t.boxTitle()}
      </h2>
      <fetcher.Form
        method="get"
        action={localize('/delivery')}
        className={cn('flex items-end gap-2', compact ? 'mt-2' : 'mt-3')}
      >
        <input type="hidden" name="from" value={check?.from ?? location.pathname} />
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={`${id}-pin`} className={cn('block text-sm font-semibold text-brown', compact && 'sr-only')}>
            {t.pinLabel()}
          </label>
          <TextInput
            key={check?.pin}
            id={`${id}-pin`}
            name="pin"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="452001"
            defaultValue={check?.pin ?? ''}
            aria-describedby={`${id}-hint ${id}-answer`}
            aria-invalid={check?.error ? true : undefined}
          />
        </div>
        <Button type="submit" size="lg" variant="outline" disabled={busy} className="h-11">
          {busy ? t.checking() : t.check()}
        </Button>
      </fetcher.Form>
      <p id={`${id}-hint`} className={cn('mt-1 text-xs text-muted-foreground', compact && 'sr-only')}>
        {t.pinHint()}
      </p>
      <div id={`${id}-answer`} aria-live="polite" className="mt-2 text-sm">
        {check && !busy && <DeliveryAnswer check={check} />}
      </div>
    </section>
  )
}

function DeliveryAnswer({ check }: { check: DeliveryCheck }) {
  if (check.error) {
    return (
      <p className="flex items-start gap-1.5 font-medium text-destructive">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {check.error}
      </p>
    )
  }
  const { quote } = check
  if (!quote) return null
  if (!quote.served) {
    return (
      <p className="flex items-start gap-1.5 font-medium text-destructive">
        <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t.notServed(quote.pin)}
      </p>
    )
  }
  return (
    <ul className="space-y-1">
      <li className="font-semibold text-success">{t.deliveryBy(quote.by)}</li>
      <li className="flex items-start gap-1.5">
        {quote.codAllowed ? (
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
        ) : (
          <CircleX className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        )}
        {quote.codAllowed ? t.codAvailable() : t.codUnavailable()}
      </li>
      {quote.extraFee > 0 && <li className="text-muted-foreground">{t.extraFee(quote.extraFee)}</li>}
    </ul>
  )
}
