// /checkout (spec section 2): the delivery form, the payment choice and the order summary. The form
// is a plain POST (cash on delivery works without JavaScript); with JavaScript the same schema checks
// it first (its rules, with zod, are loaded when the shopper starts on the form, not with the page) and
// the button reads 'Processing Order...' while the order is placed. The page hydrates it once the
// shopper starts on it (a pointer or focus in it: app/shell/hydrate-later.tsx), so its code is not among
// the page's first scripts; the other states of the page are checkout-states.tsx.

import { CircleAlert, ShieldCheck, Truck } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { addressLine, labelText, phoneText, QUICK_LABELS, type SavedAddressView } from '#app/addresses/saved-address.ts'
import type { CartView } from '#app/cart/cart-session.server.ts'
import { CartSummary, CouponField } from '#app/cart/cart-summary.tsx'
import { sizeName } from '#app/catalog/sizes.ts'
import { Field, TextInput } from '#app/contact/form-field.tsx'
import type { DeliveryCheck } from '#app/delivery/delivery-check.server.ts'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
import { isPinCode } from '#app/delivery/pin-code.ts'
import type { DeliveryQuote } from '#app/delivery/zones.server.ts'
import { Form, Link, localize } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { formatRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { cn } from '#app/ui/cn.ts'
import { toast } from '#app/ui/toast.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import type { AddressChoice, CheckoutFieldErrors } from './address-choice.ts'
import { AddressFields } from './address-fields.tsx'
import type { CheckoutActionData } from './checkout.server.ts'
import { CheckoutAlert, useCheckoutSubmitting } from './checkout-states.tsx'
import { DELIVERY_FIELDS, DELIVERY_LIMITS, type DeliveryFormValues, NEW_ADDRESS } from './delivery-fields.ts'
import { withZoneFee } from './totals.ts'

type Rules = typeof import('./address-choice.ts')
/** The form's rules (with zod, about 21 KB): fetched when the shopper starts on the form. */
let rules: Rules | 'unavailable' | null = null
let loading: Promise<unknown> | undefined
/** Asked on every focus in the form: fetched once, asked again after a failure. */
const loadRules = () =>
  (loading ??= import('./address-choice.ts').then(
    (loaded) => (rules = loaded),
    // Offline, say: the form goes without early feedback (the server checks it anyway).
    () => {
      loading = undefined
      rules = 'unavailable'
    },
  ))

interface CheckoutProps {
  cart: CartView
  cartError: string | null
  prefill: Pick<DeliveryFormValues, 'fullName' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'pincode'>
  /** The answer for the remembered PIN code, from the server. */
  delivery: DeliveryQuote | null
  idempotencyKey: string
  onlinePaymentAvailable: boolean
  /** Whether the page was drawn for a signed-in shopper (the form says so, for a session that ends meanwhile). */
  signedIn: boolean
  /** The WhatsApp opt-in box's sentence, as the server records it; null: WhatsApp updates are not configured. */
  whatsappOptIn: { wording: string } | null
  /** The signed-in shopper's address book, the default first (empty for a guest). */
  savedAddresses: SavedAddressView[]
  /** The address the page starts on: a saved address's id, or NEW_ADDRESS. */
  initialChoice: string
  /** Whether to offer "Save this address to my address book" (signed in, and the book has room). */
  offerSave: boolean
  actionData: CheckoutActionData | undefined
}

export function CheckoutPage({
  cart,
  cartError,
  prefill,
  delivery,
  idempotencyKey,
  onlinePaymentAvailable,
  signedIn,
  whatsappOptIn,
  savedAddresses,
  initialChoice,
  offerSave,
  actionData,
}: CheckoutProps) {
  // The PIN code's zone, asked of the server as the shopper types it (no JavaScript: after a post).
  const pinCheck = useFetcher<DeliveryCheck>()
  const [typedPin, setTypedPin] = useState<string | null>(null)
  const known = pinCheck.data
    ? pinCheck.data.quote
    : actionData?.delivery !== undefined
      ? actionData.delivery
      : delivery
  // An answer for another PIN code than the one in the field now says nothing.
  const quote = typedPin === null || known?.pin === typedPin ? known : null
  const codBlocked = quote?.served === true && !quote.codAllowed
  // Neither way of paying is open for this PIN code: said once, and nothing to submit.
  const noWayToPay = codBlocked && !onlinePaymentAvailable
  const zoneFee = quote?.served ? quote.extraFee : 0
  const totals = withZoneFee(cart.totals, zoneFee)
  const processing = useCheckoutSubmitting()
  const [clientErrors, setClientErrors] = useState<CheckoutFieldErrors | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const errors: CheckoutFieldErrors = clientErrors ?? (actionData?.status === 'invalid' ? actionData.fieldErrors : {})
  const values: Partial<DeliveryFormValues> = actionData?.values ?? prefill
  const posted: AddressChoice | undefined = actionData?.choice
  // The address chosen: the posted one when the page is drawn again (gone from the book: where it started).
  const [choice, setChoice] = useState(() =>
    posted && (posted.savedAddressId === NEW_ADDRESS || savedAddresses.some((a) => a.id === posted.savedAddressId))
      ? posted.savedAddressId
      : initialChoice,
  )
  const chosen = savedAddresses.find((address) => address.id === choice) ?? null
  const hasBook = savedAddresses.length > 0
  /** The delivery quote follows the address: a saved one's PIN code, or the one typed in. */
  const quotePin = (pin: string) => {
    setTypedPin(pin)
    if (isPinCode(pin)) pinCheck.load(localize(`/delivery?pin=${pin}`))
  }
  const choose = (id: string) => {
    setChoice(id)
    const saved = savedAddresses.find((address) => address.id === id)
    const typed = formRef.current?.elements.namedItem('pincode')
    quotePin(saved ? saved.pincode : typed instanceof HTMLInputElement ? typed.value.trim() : '')
  }

  // The form hydrates once the shopper starts on it (routes/checkout.tsx): an address chosen or a PIN
  // code typed before that is taken as if done now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydrating
  useEffect(() => {
    const form = formRef.current
    const picked = form?.querySelector<HTMLInputElement>('input[name=savedAddressId]:checked')?.value
    if (picked && picked !== choice) return choose(picked)
    const typed = form?.elements.namedItem('pincode')
    const pin = typed instanceof HTMLInputElement ? typed.value.trim() : ''
    if (!(picked && picked !== NEW_ADDRESS) && pin !== (values.pincode ?? '')) quotePin(pin)
  }, [])

  useNewAnswer(actionData, (answer) => {
    if (answer.status === 'refused') toast.error(answer.title, { description: answer.message })
    // A refusal that names the PIN code's zone is newer than the box's answer: ask the box again.
    if (answer.delivery && pinCheck.data) pinCheck.load(localize(`/delivery?pin=${answer.delivery.pin}`))
    if (answer.status === 'invalid') focusFirstError(formRef.current, answer.fieldErrors)
  })

  const check = (event: FormEvent<HTMLFormElement>) => {
    if (rules === 'unavailable') return
    if (rules === null) {
      // Sent before the rules arrived (autofill and Enter, say): sent again once they are here.
      event.preventDefault()
      const { currentTarget: element, nativeEvent } = event
      const submitter = (nativeEvent as SubmitEvent).submitter
      void loadRules().then(() => element.requestSubmit(submitter))
      return
    }
    const form = new FormData(event.currentTarget)
    const result = rules.validateCheckoutForm(Object.fromEntries(form), chosen, {
      save: form.get('saveAddress') === 'on',
      saveLabel: String(form.get('saveLabel') ?? ''),
    })
    if (result.ok) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(result.fieldErrors)
    focusFirstError(event.currentTarget, result.fieldErrors)
  }

  const problems = cart.lines.filter((line) => line.problem)
  const whatsappBox = whatsappOptIn && (
    <WhatsAppOptIn wording={whatsappOptIn.wording} ticked={actionData?.whatsappOptIn === true} />
  )
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      <h1 className="pt-6 pb-6 text-3xl font-bold sm:text-4xl">{m.checkout_title()}</h1>
      {cartError && <CheckoutAlert title={m.checkout_cart_not_changed()}>{cartError}</CheckoutAlert>}
      {actionData?.status === 'refused' && (
        <CheckoutAlert title={actionData.title}>
          {actionData.message}
          {actionData.signIn && (
            <>
              {' '}
              <Link
                to="/auth?redirectTo=/checkout"
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                {m.auth_sign_in()}
              </Link>
            </>
          )}
        </CheckoutAlert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-8">
        {/* First in the page, so a phone shows what is ordered before the delivery form and its Place
            Order button; on a wide screen it stands beside the form. */}
        <section aria-labelledby="summary-title" className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <Card>
            <CardContent className="space-y-4 p-5 sm:p-6">
              <h2 id="summary-title" className="text-xl font-bold">
                {m.checkout_summary()}
              </h2>
              <ul className="divide-y">
                {cart.lines.map((line) => (
                  <li key={`${line.productId}-${line.size}`} className="flex justify-between gap-3 py-2 text-sm">
                    <span>
                      <span className="font-semibold">{line.name}</span> ({sizeName(line.size)}) × {line.quantity}
                      {line.problem && <span className="block font-medium text-destructive">{line.problem}</span>}
                    </span>
                    <span className="shrink-0 font-semibold">{formatRupees(line.unitPrice * line.quantity)}</span>
                  </li>
                ))}
              </ul>
              {problems.length > 0 && (
                <p className="text-sm font-medium text-destructive">{m.checkout_change_marked()}</p>
              )}
              <CouponField coupon={cart.coupon} />
              <CartSummary totals={totals} coupon={cart.coupon} />
              {zoneFee > 0 && <p className="text-sm text-muted-foreground">{deliveryTexts.extraFee(zoneFee)}</p>}
            </CardContent>
          </Card>
        </section>

        <Form
          method="post"
          ref={formRef}
          onSubmit={check}
          onFocus={loadRules}
          noValidate
          className="space-y-6 lg:col-start-1 lg:row-start-1"
        >
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          {signedIn && <input type="hidden" name="signedIn" value="1" />}
          {/* The order is placed at the total this page shows, or refused with the new one. */}
          <input type="hidden" name="shownTotal" value={totals.total} />
          <Card>
            <CardContent className="space-y-4 p-5 sm:p-6">
              <h2 className="flex items-center gap-2 text-xl font-bold">
                <Truck className="size-5 text-primary" aria-hidden />
                {m.checkout_delivery_details()}
              </h2>
              {/* A saved address chosen, the new address's fields are not shown (CSS: the same without JavaScript). */}
              <div className="space-y-4 [&:has([data-saved-address]:checked)_[data-new-address]]:hidden">
                {hasBook && (
                  <AddressChoiceList
                    addresses={savedAddresses}
                    choice={choice}
                    onChoose={choose}
                    error={errors.savedAddressId}
                  />
                )}
                <div data-new-address className="space-y-4">
                  <Field id="fullName" label={m.checkout_full_name()} error={errors.fullName}>
                    {(described) => (
                      <TextInput
                        id="fullName"
                        name="fullName"
                        autoComplete="name"
                        maxLength={DELIVERY_LIMITS.name}
                        defaultValue={values.fullName}
                        {...described}
                      />
                    )}
                  </Field>
                  {hasBook ? (
                    <PhoneField value={values.phone} error={errors.phone} />
                  ) : (
                    <div className="grid gap-4 sm:grid-cols-2">
                      <EmailField value={values.email} error={errors.email} />
                      <div className="space-y-3">
                        <PhoneField value={values.phone} error={errors.phone} />
                        {whatsappBox}
                      </div>
                    </div>
                  )}
                  <AddressFields values={values} errors={errors} onPinChange={quotePin} />
                  {offerSave && (
                    <SaveAddress
                      ticked={posted?.save === true}
                      label={posted?.saveLabel ?? ''}
                      error={errors.saveLabel}
                    />
                  )}
                </div>
                {hasBook && (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <EmailField value={values.email} error={errors.email} />
                    {whatsappBox && <div className="sm:pt-7">{whatsappBox}</div>}
                  </div>
                )}
              </div>
              <p aria-live="polite" className="text-sm">
                {quote &&
                  (quote.served ? (
                    <span className="font-semibold text-success">{deliveryTexts.deliveryBy(quote.by)}</span>
                  ) : (
                    <span className="font-medium text-destructive">{deliveryTexts.notServed(quote.pin)}</span>
                  ))}
              </p>
            </CardContent>
          </Card>

          <Card>
            <CardContent className="space-y-3 p-5 sm:p-6">
              <fieldset aria-describedby={errors.paymentMethod ? 'paymentMethod-error' : undefined}>
                <legend className="text-xl font-bold">{m.checkout_payment()}</legend>
                {/* Keyed by whether cash on delivery is offered: the default choice follows the PIN code's zone. */}
                <div key={String(codBlocked)} className="mt-3 space-y-2">
                  <PaymentOption
                    value="cod"
                    title={m.checkout_cod()}
                    detail={codBlocked ? `${deliveryTexts.codDisabledReason()}.` : m.checkout_cod_detail()}
                    disabled={codBlocked}
                    defaultChecked={!codBlocked && values.paymentMethod !== 'online'}
                  />
                  <PaymentOption
                    value="online"
                    title={m.checkout_online()}
                    detail={
                      onlinePaymentAvailable
                        ? m.checkout_online_detail()
                        : codBlocked
                          ? m.checkout_online_not_ready()
                          : m.checkout_online_unavailable()
                    }
                    disabled={!onlinePaymentAvailable}
                    defaultChecked={onlinePaymentAvailable && (codBlocked || values.paymentMethod === 'online')}
                  />
                </div>
                {noWayToPay && quote && (
                  <p role="alert" className="mt-3 text-sm font-medium text-destructive">
                    {m.checkout_no_way_to_pay({ pin: quote.pin })}
                  </p>
                )}
                {errors.paymentMethod && (
                  <p id="paymentMethod-error" className="mt-2 text-sm font-medium text-destructive">
                    {errors.paymentMethod}
                  </p>
                )}
              </fieldset>
            </CardContent>
          </Card>

          <div className="space-y-4">
            <div>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name="acceptTerms"
                  id="acceptTerms"
                  className="mt-0.5 size-5 shrink-0 accent-primary"
                  aria-invalid={errors.acceptTerms ? true : undefined}
                  aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined}
                />
                <span>
                  {m.checkout_agree_before()}{' '}
                  <Link
                    to="/terms-and-conditions"
                    className="font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {m.checkout_terms()}
                  </Link>{' '}
                  {m.checkout_agree_and()}{' '}
                  <Link to="/privacy-policy" className="font-semibold text-primary underline-offset-4 hover:underline">
                    {m.checkout_privacy()}
                  </Link>
                  {m.checkout_agree_after()}
                </span>
              </label>
              {errors.acceptTerms && (
                <p
                  id="acceptTerms-error"
                  className="mt-2 flex items-start gap-1.5 text-sm font-medium text-destructive"
                >
                  <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {errors.acceptTerms}
                </p>
              )}
            </div>
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={processing || problems.length > 0 || noWayToPay}
            >
              {processing ? m.checkout_processing() : m.checkout_place_order({ total: formatRupees(totals.total) })}
            </Button>
            <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
              <ShieldCheck className="size-4" aria-hidden />
              {m.checkout_total_includes()}
            </p>
          </div>
        </Form>
      </div>
    </div>
  )
}

function EmailField({ value, error }: { value: string | undefined; error: string | undefined }) {
  return (
    <Field id="email" label={m.checkout_email()} error={error} hint={m.checkout_email_hint()}>
      {(described) => (
        <TextInput
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={DELIVERY_LIMITS.email}
          defaultValue={value}
          {...described}
        />
      )}
    </Field>
  )
}

function PhoneField({ value, error }: { value: string | undefined; error: string | undefined }) {
  return (
    <Field id="phone" label={m.checkout_mobile()} error={error} hint={m.checkout_mobile_hint()}>
      {(described) => (
        <TextInput
          id="phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          defaultValue={value}
          {...described}
        />
      )}
    </Field>
  )
}

/**
 * The signed-in shopper's saved addresses, the default first, and "A new address" beside them. The
 * browser sends only the chosen address's id: the server reads the address from the account's book.
 */
function AddressChoiceList({
  addresses,
  choice,
  onChoose,
  error,
}: {
  addresses: SavedAddressView[]
  choice: string
  onChoose: (id: string) => void
  error: string | undefined
}) {
  return (
    <fieldset aria-describedby={error ? 'savedAddressId-error' : undefined}>
      <legend className="text-sm font-semibold text-brown">{m.checkout_deliver_to()}</legend>
      <div className="mt-2 space-y-2">
        {addresses.map((address) => (
          <AddressOption key={address.id} value={address.id} checked={choice === address.id} onChoose={onChoose} saved>
            <span className="flex flex-wrap items-center gap-2 font-semibold">
              {labelText(address)}
              {address.isDefault && (
                <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-brown">
                  {m.address_default_badge()}
                </span>
              )}
            </span>
            <span className="block text-sm">{address.fullName}</span>
            <span className="block text-sm text-muted-foreground">{addressLine(address)}</span>
            <span className="block text-sm text-muted-foreground">{phoneText(address)}</span>
          </AddressOption>
        ))}
        <AddressOption value={NEW_ADDRESS} checked={choice === NEW_ADDRESS} onChoose={onChoose}>
          <span className="font-semibold">{m.checkout_new_address()}</span>
        </AddressOption>
      </div>
      {error && (
        <p id="savedAddressId-error" className="mt-2 flex items-start gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      )}
    </fieldset>
  )
}

function AddressOption({
  value,
  checked,
  onChoose,
  saved = false,
  children,
}: {
  value: string
  checked: boolean
  onChoose: (id: string) => void
  saved?: boolean
  children: ReactNode
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border-2 p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary/60">
      <input
        type="radio"
        name="savedAddressId"
        value={value}
        defaultChecked={checked}
        onChange={() => onChoose(value)}
        data-saved-address={saved ? '' : undefined}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span>{children}</span>
    </label>
  )
}

/** "Save this address to my address book", unticked: a signed-in shopper keeps a new address only when they ask. */
function SaveAddress({ ticked, label, error }: { ticked: boolean; label: string; error: string | undefined }) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="saveAddress"
            id="saveAddress"
            defaultChecked={ticked}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <span>{m.checkout_save_address()}</span>
        </label>
        <span className="flex items-center gap-2 text-sm">
          <label htmlFor="saveLabel">{m.checkout_save_as()}</label>
          <select
            id="saveLabel"
            name="saveLabel"
            defaultValue={QUICK_LABELS.find((quick) => quick === label) ?? 'home'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'saveLabel-error' : undefined}
            className="h-11 rounded-md border border-input bg-card px-3 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            {QUICK_LABELS.map((quick) => (
              <option key={quick} value={quick}>
                {labelText({ label: quick, customLabel: null })}
              </option>
            ))}
          </select>
        </span>
      </div>
      {error && (
        <p id="saveLabel-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * The WhatsApp opt-in (reference/whatsapp.md): its own box, never ticked by the shop, for this order's
 * mobile number. A plain checkbox, so the form posts it without JavaScript too; ticked again only when
 * the shopper's own post comes back refused.
 */
function WhatsAppOptIn({ wording, ticked }: { wording: string; ticked: boolean }) {
  return (
    <div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="whatsappOptIn"
          id="whatsappOptIn"
          defaultChecked={ticked}
          className="mt-0.5 size-5 shrink-0 accent-primary"
          aria-describedby="whatsappOptIn-hint"
        />
        <span>{wording}</span>
      </label>
      <p id="whatsappOptIn-hint" className="mt-1 ml-8 text-xs text-muted-foreground">
        {m.whatsapp_optin_checkout_hint()}
      </p>
    </div>
  )
}

function PaymentOption({
  value,
  title,
  detail,
  disabled = false,
  defaultChecked,
}: {
  value: string
  title: string
  detail: string
  disabled?: boolean
  defaultChecked: boolean
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border-2 p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary/60',
        disabled && 'cursor-not-allowed opacity-70',
      )}
    >
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        disabled={disabled}
        defaultChecked={defaultChecked}
        className="mt-1 size-4 accent-primary"
      />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-muted-foreground">{detail}</span>
      </span>
    </label>
  )
}

const FIELD_ORDER = ['savedAddressId', ...DELIVERY_FIELDS, 'saveLabel'] as const

function focusFirstError(form: HTMLFormElement | null, errors: CheckoutFieldErrors) {
  const first = FIELD_ORDER.find((field) => errors[field])
  if (!form || !first) return
  const control = form.elements.namedItem(first)
  const element =
    control instanceof RadioNodeList
      ? ([...control].find((radio) => radio instanceof HTMLInputElement && radio.checked) ?? control[0])
      : control
  if (element instanceof HTMLElement) element.focus()
}
