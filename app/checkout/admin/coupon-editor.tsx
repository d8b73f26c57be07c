// A coupon's form (new, or an existing one whose code is fixed), with Disable/Enable for an existing
// one. Posted with fetchers; the browser checks the form with the action's own schema first.

import { ArrowLeft, Ban, CircleCheck, Save } from 'lucide-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Link, useActionData, useFetcher, useNavigate } from 'react-router'
import { useOpenedVersion } from '#app/admin/use-opened-version.ts'
import { Field, TextInput } from '#app/contact/form-field.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { toastAnswer } from '#app/ui/toast.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import {
  COUPON_LIMITS,
  type CouponField,
  type CouponFieldErrors,
  couponFormDefaults,
  couponFormValues,
  validateCouponForm,
} from '../coupon-form.ts'
import type { CouponResult } from '../coupon-routes.server.ts'
import type { CouponListItem } from '../coupons-admin.server.ts'
import { COUPON_STATE_LABEL, couponOffer, couponState } from './coupon-status.ts'
import { couponDays } from './coupons-list.tsx'

/** Shows each answer once as a toast. */
function useResultToast(result: CouponResult | undefined, onOk?: (result: CouponResult) => void) {
  useNewAnswer(result, (result) => {
    toastAnswer(result)
    if (result.ok) onOk?.(result)
  })
}

export function CouponEditor({
  coupon,
  version,
  now,
}: {
  /** Null for a new coupon. */
  coupon: CouponListItem | null
  version: string | null
  now: string
}) {
  const navigate = useNavigate()
  const fetcher = useFetcher<CouponResult>()
  const [openedVersion, setOpenedVersion] = useOpenedVersion(version)
  const action = coupon ? `/admin/settings/coupons/${coupon.code}` : '/admin/settings/coupons/new'
  const defaults = couponFormDefaults(coupon)
  const [kind, setKind] = useState(defaults.kind)
  const [clientErrors, setClientErrors] = useState<CouponFieldErrors | null>(null)
  // Without JavaScript the form posts as a page: its answer comes back as the route's action data.
  const posted = useActionData<CouponResult>()
  const result = fetcher.data ?? posted
  const errors: CouponFieldErrors = clientErrors ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {})
  const busy = fetcher.state !== 'idle'

  useResultToast(result, () => navigate('/admin/settings#coupons'))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = validateCouponForm(couponFormValues(new FormData(event.currentTarget)), { withCode: !coupon })
    if (checked.ok) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(checked.fieldErrors)
    const form = event.currentTarget
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  const field = (
    name: CouponField,
    label: string,
    props: Parameters<typeof TextInput>[0] & { hint?: ReactNode; optional?: boolean } = {},
  ) => {
    const { hint, optional, ...input } = props
    const id = `coupon-${name}`
    return (
      <Field id={id} label={label} error={errors[name]} hint={hint} optional={optional}>
        {(described) => <TextInput id={id} name={name} defaultValue={defaults[name]} {...input} {...described} />}
      </Field>
    )
  }

  return (
    <div className="grid gap-4">
      <Link
        to="/admin/settings#coupons"
        className="inline-flex h-11 items-center gap-2 self-start text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> All settings and coupons
      </Link>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <h2 className="text-2xl font-bold">{coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}</h2>
          {coupon && <CouponSummary coupon={coupon} now={now} />}
          <fetcher.Form method="post" action={action} noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
            {coupon && openedVersion && (
              <>
                <input type="hidden" name="intent" value="save" />
                <input type="hidden" name="version" value={openedVersion} />
              </>
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              {coupon
                ? null
                : field('code', 'Code', {
                    hint: 'Letters A-Z and digits, like DIWALI25. It cannot be changed later.',
                    autoCapitalize: 'characters',
                    autoComplete: 'off',
                    maxLength: COUPON_LIMITS.code,
                    className: 'uppercase',
                    required: true,
                  })}
              {field('description', 'Description', {
                hint: 'What shoppers read when it applies, like “₹100 off orders over ₹999”.',
                maxLength: COUPON_LIMITS.description,
                required: true,
              })}
            </div>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-semibold text-brown">Discount</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {(
                  [
                    ['percent', 'A percentage of the subtotal'],
                    ['flat', 'A flat amount in rupees'],
                  ] as const
                ).map(([value, label]) => (
                  <label
                    key={value}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-4 py-2 has-checked:border-primary has-checked:bg-secondary/60"
                  >
                    <input
                      type="radio"
                      name="kind"
                      value={value}
                      checked={kind === value}
                      onChange={() => setKind(value)}
                      className="size-5 accent-primary"
                    />
                    {label}
                  </label>
                ))}
              </div>
              {kind === 'percent'
                ? field('percentOff', 'Percentage off', {
                    inputMode: 'numeric',
                    hint: 'A whole number from 1 to 100.',
                    required: true,
                  })
                : field('amountOff', 'Amount off (₹)', {
                    inputMode: 'decimal',
                    hint: `From ₹1 to ₹${COUPON_LIMITS.flatRupees.toLocaleString('en-IN')}; never more than the order’s subtotal.`,
                    required: true,
                  })}
            </fieldset>
            <div className="grid gap-5 sm:grid-cols-2">
              {field('minOrder', 'Minimum order (₹)', {
                inputMode: 'decimal',
                optional: true,
                hint: 'The subtotal an order needs. Empty for none.',
              })}
              {field('maxUses', 'Uses in all', {
                inputMode: 'numeric',
                optional: true,
                hint: coupon
                  ? `Used ${coupon.uses} ${coupon.uses === 1 ? 'time' : 'times'} so far. Empty for no limit.`
                  : 'How many orders may use it. Empty for no limit.',
              })}
              {field('startsOn', 'First day', { type: 'date', optional: true, hint: 'Empty: from now.' })}
              {field('endsOn', 'Last day', {
                type: 'date',
                optional: true,
                hint: 'It works until midnight of this day (India time). Empty: no end.',
              })}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <Checkbox
                name="firstOrderOnly"
                label="First order only"
                hint="Only for a customer with no earlier order (by account or phone number)."
                defaultChecked={defaults.firstOrderOnly === 'on'}
              />
              <Checkbox
                name="onePerCustomer"
                label="Once per customer"
                hint="A customer (account or phone number) can use it one time."
                defaultChecked={defaults.onePerCustomer === 'on'}
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
                <Save aria-hidden />
                {busy ? 'Saving…' : coupon ? 'Save coupon' : 'Create coupon'}
              </Button>
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
      {coupon && version && <ActiveSwitch coupon={coupon} version={version} onSwitched={setOpenedVersion} />}
    </div>
  )
}

function Checkbox({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: string
  label: string
  hint: string
  defaultChecked: boolean
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-checked:border-primary has-checked:bg-secondary/60">
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        className="mt-0.5 size-5 shrink-0 accent-primary"
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-muted-foreground">{hint}</span>
      </span>
    </label>
  )
}

function CouponSummary({ coupon, now }: { coupon: CouponListItem; now: string }) {
  const state = couponState(coupon, new Date(now))
  return (
    <p className="mt-1 text-sm text-muted-foreground">
      {COUPON_STATE_LABEL[state]} · {couponOffer(coupon)} · {couponDays(coupon.startsAt, coupon.endsAt)} · used{' '}
      {coupon.uses.toLocaleString('en-IN')} {coupon.uses === 1 ? 'time' : 'times'}
    </p>
  )
}

/** Enables or disables the coupon; the edit form above then saves on top of that change. */
function ActiveSwitch({
  coupon,
  version,
  onSwitched,
}: {
  coupon: CouponListItem
  version: string
  onSwitched: (version: string) => void
}) {
  const fetcher = useFetcher<CouponResult>()
  useResultToast(fetcher.data, (result) => {
    if (result.version) onSwitched(result.version)
  })
  const busy = fetcher.state !== 'idle'
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
        <div>
          <h2 className="text-lg font-bold">{coupon.isActive ? 'Disable this coupon' : 'Enable this coupon'}</h2>
          <p className="text-sm text-muted-foreground">
            {coupon.isActive
              ? 'Shoppers are told it is no longer available; its uses stay counted.'
              : 'It is disabled: shoppers are told it is no longer available.'}
          </p>
        </div>
        <fetcher.Form method="post" action={`/admin/settings/coupons/${coupon.code}`} className="w-full sm:w-auto">
          <input type="hidden" name="version" value={version} />
          <Button
            type="submit"
            name="intent"
            value={coupon.isActive ? 'disable' : 'enable'}
            size="lg"
            variant={coupon.isActive ? 'destructive' : 'default'}
            disabled={busy}
            className="w-full"
          >
            {coupon.isActive ? <Ban aria-hidden /> : <CircleCheck aria-hidden />}
            {coupon.isActive ? `Disable ${coupon.code}` : `Enable ${coupon.code}`}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
