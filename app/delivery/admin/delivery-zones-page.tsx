// Settings > Delivery zones: the calendar (holidays, order cut-off) and the zones, each its own form
// posted with a fetcher (or as a page without JavaScript), checked first in the browser with the
// action's own schema, answered with a toast. The page's loader reloads after each change.
import { ArrowLeft, Plus, Save, Trash2 } from 'lucide-react'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { Link, useActionData, useFetcher } from 'react-router'
import { Field, TextArea, TextInput } from '#app/contact/form-field.tsx'
import { formatRupees } from '#app/shared/money.ts'
import { rupeesText } from '#app/shared/rupees-field.ts'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { toast, toastAnswer } from '#app/ui/toast.tsx'
import { useFocusBack } from '#app/ui/use-focus-back.ts'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import {
  calendarFormValues,
  validateCalendarForm,
  validateZoneForm,
  ZONE_LIMITS,
  zoneFormValues,
} from '../zone-form.ts'
import type { ZoneResult } from '../zone-routes.server.ts'

type Errors = NonNullable<ZoneResult['fieldErrors']>

export interface ZoneRow {
  id: string
  name: string
  pins: string[]
  minDays: number
  maxDays: number
  codAllowed: boolean
  extraFee: number
  version: string
}

export interface DeliveryZonesData {
  zones: ZoneRow[]
  calendar: { holidays: readonly string[]; cutoff: string; version: string }
}

const ACTION = '/admin/settings/delivery'

/** One form of the page: its fetcher, its answer (also when posted without JavaScript) and its field errors. */
function usePageForm(formId: string, check: (form: HTMLFormElement, intent: string) => Errors | null) {
  const fetcher = useFetcher<ZoneResult>()
  const posted = useActionData<ZoneResult>()
  const [clientErrors, setClientErrors] = useState<Errors | null>(null)
  const result = fetcher.data ?? (posted?.form === formId ? posted : undefined)
  useNewAnswer(result, toastAnswer)
  const errors = clientErrors ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {})

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const found = check(event.currentTarget, submitter?.value ?? '')
    setClientErrors(found)
    if (!found) return
    event.preventDefault()
    const count = Object.keys(found).length
    toast.error('Not saved', {
      description:
        count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`,
    })
    const form = event.currentTarget
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }
  return { fetcher, result, errors, onSubmit, busy: fetcher.state !== 'idle' }
}

function checkZone(form: HTMLFormElement, intent: string): Errors | null {
  if (intent === 'delete') return null
  const checked = validateZoneForm(zoneFormValues(new FormData(form)))
  return checked.ok ? null : checked.fieldErrors
}

function checkCalendar(form: HTMLFormElement): Errors | null {
  const checked = validateCalendarForm(calendarFormValues(new FormData(form)))
  return checked.ok ? null : checked.fieldErrors
}

export function DeliveryZonesPage({ data }: { data: DeliveryZonesData }) {
  return (
    <div className="grid gap-6">
      <Link
        to="/admin/settings#settings-delivery"
        className="inline-flex items-center gap-1 text-sm font-semibold text-primary"
      >
        <ArrowLeft className="size-4" aria-hidden /> Settings
      </Link>
      <div>
        <h1 className="text-2xl font-bold">Delivery zones</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Which PIN codes the shop delivers to, how many business days it takes, whether cash on delivery is offered and
          any extra charge. When zones overlap, the most specific match wins: a range or a longer prefix (452001-452020,
          452) beats a shorter one (4); between equals, the zone higher in the list wins. A PIN code no zone covers is
          refused at checkout.
        </p>
      </div>
      <CalendarForm calendar={data.calendar} />
      <section aria-labelledby="zones-title" className="grid gap-4">
        <h2 id="zones-title" className="text-xl font-bold">
          Zones
        </h2>
        {data.zones.length === 0 && (
          <p className="rounded-lg bg-secondary/40 p-4 text-muted-foreground">
            No zones: the shop delivers nowhere until you add one.
          </p>
        )}
        {data.zones.map((zone) => (
          <ZoneForm key={`${zone.id}-${zone.version}`} zone={zone} />
        ))}
        <ZoneForm key={`new-${data.zones.length}`} zone={null} />
      </section>
    </div>
  )
}

function FormCard({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <section aria-labelledby={labelledBy}>{children}</section>
      </CardContent>
    </Card>
  )
}

function StaleNote({ result }: { result: ZoneResult | undefined }) {
  if (!result || result.ok || !result.stale) return null
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      {result.message}
    </p>
  )
}

function CalendarForm({ calendar }: { calendar: DeliveryZonesData['calendar'] }) {
  const { fetcher, result, errors, onSubmit, busy } = usePageForm('calendar', checkCalendar)
  const saveButton = useRef<HTMLButtonElement>(null)
  useFocusBack(busy, saveButton)
  return (
    <FormCard labelledBy="delivery-calendar-title">
      <h2 id="delivery-calendar-title" className="text-xl font-bold">
        Holidays and order cut-off
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Business days are Monday to Saturday in India time. Holidays are skipped like Sundays; orders placed at or after
        the cut-off count from the next business day.
      </p>
      <fetcher.Form
        key={calendar.version}
        method="post"
        action={ACTION}
        noValidate
        onSubmit={onSubmit}
        className="mt-5 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="calendar" />
        <input type="hidden" name="version" value={calendar.version} />
        <Field
          id="delivery-holidays"
          label="Holidays"
          optional
          error={errors.holidays}
          hint="One date per line, year-month-day, like 2026-11-08."
        >
          {(described) => (
            <TextArea
              id="delivery-holidays"
              name="holidays"
              defaultValue={calendar.holidays.join('\n')}
              className="min-h-28 font-mono"
              {...described}
            />
          )}
        </Field>
        <Field
          id="delivery-cutoff"
          label="Order cut-off (IST)"
          error={errors.orderCutoff}
          hint="24-hour time, like 14:00."
        >
          {(described) => (
            <TextInput
              id="delivery-cutoff"
              name="orderCutoff"
              defaultValue={calendar.cutoff}
              inputMode="numeric"
              maxLength={5}
              required
              {...described}
            />
          )}
        </Field>
        <StaleNote result={result} />
        <div className="flex justify-end sm:col-span-2">
          <Button ref={saveButton} type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
            <Save aria-hidden />
            {busy ? 'Saving…' : 'Save holidays and cut-off'}
          </Button>
        </div>
      </fetcher.Form>
    </FormCard>
  )
}

function ZoneForm({ zone }: { zone: ZoneRow | null }) {
  const formId = zone?.id ?? 'new'
  const { fetcher, result, errors, onSubmit, busy } = usePageForm(formId, checkZone)
  const id = `zone-${formId}`
  const title = zone ? zone.name : 'Add a zone'
  return (
    <FormCard labelledBy={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h3>
      {zone && (
        <p className="mt-1 text-sm text-muted-foreground">
          {zone.minDays}-{zone.maxDays} business days · Cash on delivery {zone.codAllowed ? 'offered' : 'not offered'}
          {zone.extraFee > 0 ? ` · ${formatRupees(zone.extraFee)} extra` : ''}
        </p>
      )}
      <fetcher.Form
        method="post"
        action={ACTION}
        noValidate
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        {zone && <input type="hidden" name="zoneId" value={zone.id} />}
        {zone && <input type="hidden" name="version" value={zone.version} />}
        <Field id={`${id}-name`} label="Zone name" error={errors.name}>
          {(described) => (
            <TextInput
              id={`${id}-name`}
              name="name"
              defaultValue={zone?.name ?? ''}
              maxLength={ZONE_LIMITS.name}
              placeholder="Metro cities"
              required
              {...described}
            />
          )}
        </Field>
        <Field
          id={`${id}-extraFee`}
          label="Extra delivery charge (₹)"
          error={errors.extraFee}
          hint="Added to every order to this zone; 0 for none."
        >
          {(described) => (
            <TextInput
              id={`${id}-extraFee`}
              name="extraFee"
              inputMode="decimal"
              defaultValue={rupeesText(zone?.extraFee ?? 0)}
              required
              {...described}
            />
          )}
        </Field>
        <Field
          id={`${id}-pins`}
          label="PIN codes"
          error={errors.pins}
          hint="Prefixes or ranges, one per line or separated by commas: 452 covers 452001-452999; 452001-452020 a range."
          className="sm:col-span-2"
        >
          {(described) => (
            <TextArea
              id={`${id}-pins`}
              name="pins"
              defaultValue={zone?.pins.join(', ') ?? ''}
              className="min-h-20 font-mono"
              required
              {...described}
            />
          )}
        </Field>
        <Field id={`${id}-minDays`} label="Fastest delivery (business days)" error={errors.minDays}>
          {(described) => (
            <TextInput
              id={`${id}-minDays`}
              name="minDays"
              inputMode="numeric"
              defaultValue={zone ? String(zone.minDays) : ''}
              placeholder="2"
              required
              {...described}
            />
          )}
        </Field>
        <Field
          id={`${id}-maxDays`}
          label="Slowest delivery (business days)"
          error={errors.maxDays}
          hint="Shoppers are promised delivery by this day."
        >
          {(described) => (
            <TextInput
              id={`${id}-maxDays`}
              name="maxDays"
              inputMode="numeric"
              defaultValue={zone ? String(zone.maxDays) : ''}
              placeholder="3"
              required
              {...described}
            />
          )}
        </Field>
        <fieldset
          className="grid gap-2 sm:col-span-2"
          aria-describedby={errors.codAllowed ? `${id}-cod-error` : undefined}
        >
          <legend className="text-sm font-semibold text-brown">Cash on delivery</legend>
          <div className="flex flex-wrap gap-4">
            {(['yes', 'no'] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="codAllowed"
                  value={value}
                  defaultChecked={(zone?.codAllowed ?? true) === (value === 'yes')}
                  className="size-5 accent-primary"
                />
                {value === 'yes' ? 'Offered' : 'Not offered (online payment only)'}
              </label>
            ))}
          </div>
          {errors.codAllowed && (
            <p id={`${id}-cod-error`} className="text-sm font-medium text-destructive">
              {errors.codAllowed}
            </p>
          )}
        </fieldset>
        <StaleNote result={result} />
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          {zone && (
            <Button
              type="submit"
              name="intent"
              value="delete"
              variant="outline"
              size="lg"
              disabled={busy}
              className="text-destructive"
            >
              <Trash2 aria-hidden /> Remove {zone.name}
            </Button>
          )}
          <Button type="submit" name="intent" value={zone ? 'update' : 'create'} size="lg" disabled={busy}>
            {zone ? <Save aria-hidden /> : <Plus aria-hidden />}
            {busy ? 'Saving…' : zone ? `Save ${zone.name}` : 'Add zone'}
          </Button>
        </div>
      </fetcher.Form>
    </FormCard>
  )
}
