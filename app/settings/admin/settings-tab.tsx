// The Settings tab: the shop's details, delivery terms, couriers' tracking links, coupons, the home
// page's claims and quotes, and showcase mode. Each section saves on its own; every shop page reads the settings from the
// database on its next load.
import { Plus, Trash2 } from 'lucide-react'
import { type ComponentProps, type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { CouponsList } from '#app/checkout/admin/coupons-list.tsx'
import type { CouponListItem } from '#app/checkout/coupons-admin.server.ts'
import { Field, TextArea, TextInput } from '#app/contact/form-field.tsx'
import { INDIAN_STATES, UNION_TERRITORIES } from '#app/shared/india-states.ts'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { rupeesText } from '#app/shared/rupees-field.ts'
import {
  AWB_PLACEHOLDER,
  COURIER_NAMES,
  type CourierTrackingUrls,
  DEFAULT_TRACKING_URLS,
  SHIPMENT_LIMITS,
  TRACKED_COURIERS,
} from '#app/shipping/couriers.ts'
import { Button } from '#app/ui/button.tsx'
import type { SocialLink, Testimonial } from '../schema.ts'
import { SETTINGS_LIMITS, type SettingsFieldErrors } from '../settings-form.ts'
import { SectionForm } from './section-form.tsx'

export interface SettingsTabData {
  settings: {
    shopName: string
    legalName: string
    address: string
    phone: string
    whatsappNumber: string
    whatsappOwnerAlerts: boolean
    whatsappAlertsTo: string
    email: string
    fssaiLicence: string
    gstin: string
    state: string
    grievanceOfficerName: string
    grievanceOfficerEmail: string
    grievanceOfficerPhone: string
    qualityTagline: string
    socialLinks: SocialLink[]
    deliveryFee: number
    freeDeliveryThreshold: number
    courierTrackingUrls: CourierTrackingUrls
    ratingClaim: string
    varietiesClaim: string
    familiesClaim: string
    testimonials: Testimonial[]
    showcaseMode: boolean
  }
  version: string
  coupons: CouponListItem[]
  now: string
  /** WhatsApp is configured (WHATSAPP_PROVIDER): the owner may get new orders on it. */
  whatsapp: boolean
}

const JUMPS = [
  { id: 'settings-shop', label: 'Shop details' },
  { id: 'settings-delivery', label: 'Delivery' },
  { id: 'settings-couriers', label: 'Couriers' },
  { id: 'coupons', label: 'Coupons' },
  { id: 'settings-home', label: 'Home page' },
  { id: 'settings-showcase', label: 'Showcase mode' },
] as const

export function SettingsTab({ data }: { data: SettingsTabData }) {
  const { settings, version } = data
  return (
    <div className="grid gap-6">
      <nav aria-label="Settings sections" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {JUMPS.map((jump) => (
          <a
            key={jump.id}
            href={`#${jump.id}`}
            className="inline-flex h-11 shrink-0 items-center rounded-full border border-primary/30 bg-card px-4 text-sm font-semibold text-brown hover:bg-secondary"
          >
            {jump.label}
          </a>
        ))}
      </nav>
      <ShopDetailsForm settings={settings} version={version} whatsapp={data.whatsapp} />
      <DeliveryForm settings={settings} version={version} />
      <CouriersForm templates={settings.courierTrackingUrls} version={version} />
      <CouponsList coupons={data.coupons} now={data.now} />
      <HomePageForm settings={settings} version={version} />
      <ShowcaseForm showcaseMode={settings.showcaseMode} version={version} />
    </div>
  )
}

type Settings = SettingsTabData['settings']

function TextField({
  name,
  label,
  errors,
  hint,
  optional,
  ...input
}: { name: string; label: string; errors: SettingsFieldErrors; hint?: ReactNode; optional?: boolean } & ComponentProps<
  typeof TextInput
>) {
  const id = `settings-${name}`
  return (
    <Field id={id} label={label} error={errors[name]} hint={hint} optional={optional}>
      {(described) => <TextInput id={id} name={name} {...input} {...described} />}
    </Field>
  )
}

function ShopDetailsForm({ settings, version, whatsapp }: { settings: Settings; version: string; whatsapp: boolean }) {
  const fields = [
    settings.shopName,
    settings.legalName,
    settings.address,
    settings.phone,
    settings.whatsappNumber,
    settings.whatsappOwnerAlerts,
    settings.whatsappAlertsTo,
    settings.email,
    settings.fssaiLicence,
    settings.gstin,
    settings.state,
    settings.grievanceOfficerName,
    settings.grievanceOfficerEmail,
    settings.grievanceOfficerPhone,
    settings.qualityTagline,
    settings.socialLinks,
  ]
  return (
    <SectionForm
      section="shop"
      version={version}
      resetKey={JSON.stringify(fields)}
      title="Shop details"
      description="What the footer, the contact page, the policies, invoices and e-mails show."
      saveLabel="Save shop details"
    >
      {(errors) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="shopName"
              label="Shop name"
              errors={errors}
              defaultValue={settings.shopName}
              maxLength={SETTINGS_LIMITS.shopName}
              required
            />
            <TextField
              name="legalName"
              label="Legal name"
              errors={errors}
              hint="The seller’s registered name, as the law asks shops to show it."
              defaultValue={settings.legalName}
              maxLength={SETTINGS_LIMITS.legalName}
              required
            />
          </div>
          <Field id="settings-address" label="Postal address" error={errors.address}>
            {(described) => (
              <TextArea
                id="settings-address"
                name="address"
                defaultValue={settings.address}
                maxLength={SETTINGS_LIMITS.address}
                required
                className="min-h-20"
                {...described}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="phone"
              label="Phone"
              type="tel"
              inputMode="tel"
              errors={errors}
              hint="A 10-digit mobile number, like 98765 43210."
              defaultValue={settings.phone}
              required
            />
            <TextField
              name="whatsappNumber"
              label="WhatsApp number"
              type="tel"
              inputMode="tel"
              optional
              errors={errors}
              hint="Shown as a WhatsApp chat link; leave empty for none."
              defaultValue={settings.whatsappNumber}
            />
            {whatsapp && (
              <OwnerAlertsField
                checked={settings.whatsappOwnerAlerts}
                number={settings.whatsappAlertsTo}
                errors={errors}
              />
            )}
            <TextField
              name="email"
              label="E-mail"
              type="email"
              inputMode="email"
              errors={errors}
              defaultValue={settings.email}
              maxLength={SETTINGS_LIMITS.email}
              required
            />
            <TextField
              name="fssaiLicence"
              label="FSSAI licence number"
              inputMode="numeric"
              errors={errors}
              hint="14 digits, as printed on the licence."
              defaultValue={settings.fssaiLicence}
              required
            />
            <TextField
              name="gstin"
              label="GSTIN"
              optional
              errors={errors}
              hint="15 characters, like 23ABCDE1234F1Z8. Leave empty if the shop is not registered for GST."
              defaultValue={settings.gstin}
              autoCapitalize="characters"
              className="uppercase"
              maxLength={15}
            />
            <Field
              id="settings-state"
              label="State"
              error={errors.state}
              hint="Where the shop is registered: GST to this state is CGST + SGST, to others IGST."
            >
              {(described) => (
                <select
                  id="settings-state"
                  name="state"
                  defaultValue={settings.state}
                  className="h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive"
                  {...described}
                >
                  <optgroup label="States">
                    {INDIAN_STATES.map((state) => (
                      <option key={state}>{state}</option>
                    ))}
                  </optgroup>
                  <optgroup label="Union territories">
                    {UNION_TERRITORIES.map((state) => (
                      <option key={state}>{state}</option>
                    ))}
                  </optgroup>
                </select>
              )}
            </Field>
          </div>
          <Field
            id="settings-qualityTagline"
            label="Quality tagline"
            error={errors.qualityTagline}
            hint="The line under the shop’s name in the footer."
          >
            {(described) => (
              <TextArea
                id="settings-qualityTagline"
                name="qualityTagline"
                defaultValue={settings.qualityTagline}
                maxLength={SETTINGS_LIMITS.tagline}
                required
                className="min-h-20"
                {...described}
              />
            )}
          </Field>
          <fieldset className="grid gap-5 rounded-lg border p-4 sm:grid-cols-3">
            <legend className="px-1 font-semibold text-brown">Grievance officer</legend>
            <p className="text-sm text-muted-foreground sm:col-span-3">
              Named on the contact and terms pages, as the Consumer Protection (E-Commerce) Rules require.
            </p>
            <TextField
              name="grievanceOfficerName"
              label="Name"
              errors={errors}
              defaultValue={settings.grievanceOfficerName}
              maxLength={SETTINGS_LIMITS.personName}
              required
            />
            <TextField
              name="grievanceOfficerEmail"
              label="E-mail"
              type="email"
              inputMode="email"
              errors={errors}
              defaultValue={settings.grievanceOfficerEmail}
              maxLength={SETTINGS_LIMITS.email}
              required
            />
            <TextField
              name="grievanceOfficerPhone"
              label="Phone"
              type="tel"
              inputMode="tel"
              errors={errors}
              defaultValue={settings.grievanceOfficerPhone}
              required
            />
          </fieldset>
          <SocialLinksField links={settings.socialLinks} errors={errors} />
        </>
      )}
    </SectionForm>
  )
}

/**
 * The owner's choice to get each new order on WhatsApp, and the owner's own number it goes to (shown
 * only when WhatsApp is configured).
 */
function OwnerAlertsField({
  checked,
  number,
  errors,
}: {
  checked: boolean
  number: string
  errors: SettingsFieldErrors
}) {
  const error = errors.whatsappOwnerAlerts
  return (
    <div className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
      <div className="space-y-1.5 sm:col-span-2">
        {/* An unticked box posts nothing: this says the box was shown, and unticked. */}
        <input type="hidden" name="whatsappOwnerAlerts" value="off" />
        <label className="flex items-start gap-3 text-sm font-semibold text-brown">
          <input
            type="checkbox"
            name="whatsappOwnerAlerts"
            value="on"
            id="settings-whatsappOwnerAlerts"
            defaultChecked={checked}
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-invalid={error ? true : undefined}
            aria-describedby={`settings-whatsappOwnerAlerts-hint${error ? ' settings-whatsappOwnerAlerts-error' : ''}`}
          />
          Send me each new order on WhatsApp
        </label>
        <p id="settings-whatsappOwnerAlerts-hint" className="ml-8 text-xs text-muted-foreground">
          Each alert goes to your own WhatsApp number below as the order is placed. New orders come by e-mail, SMS and
          push as before, ticked or not.
        </p>
        {error && (
          <p id="settings-whatsappOwnerAlerts-error" className="ml-8 text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      <TextField
        name="whatsappAlertsTo"
        label="Your WhatsApp number for the alerts"
        type="tel"
        inputMode="tel"
        errors={errors}
        hint="Your own WhatsApp mobile, like 98765 43210, that you read on your phone: not the shop’s WhatsApp Business number, which cannot send messages to itself. Needed when the box is ticked."
        defaultValue={number ? formatIndianMobile(number) : ''}
      />
    </div>
  )
}

/** Rows with stable keys, so removing one keeps what was typed in the others. */
function useRows<T extends Record<string, string>>(initial: T[], blank: T) {
  const [rows, setRows] = useState(() => initial.map((row, index) => ({ key: index, ...row })))
  const [next, setNext] = useState(initial.length)
  return {
    rows,
    add: () => {
      setRows((current) => [...current, { key: next, ...blank }])
      setNext(next + 1)
    },
    remove: (key: number) => setRows((current) => current.filter((row) => row.key !== key)),
    update: (key: number, field: keyof T, value: string) =>
      setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row))),
    /** The row's place among the rows that are not blank: the server's errors count only those. */
    errorIndex: (key: number) => {
      const filled = rows.filter((row) =>
        Object.entries(row).some(([field, value]) => field !== 'key' && String(value).trim() !== ''),
      )
      return filled.findIndex((row) => row.key === key)
    },
  }
}

function SocialLinksField({ links, errors }: { links: SocialLink[]; errors: SettingsFieldErrors }) {
  const { rows, add, remove, update, errorIndex } = useRows(links, { label: '', url: '' })
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 font-semibold text-brown">Social links</legend>
      <p className="text-sm text-muted-foreground">
        Shown in the footer and on the contact page. Addresses start with https://.
      </p>
      {errors.socialLinks && <p className="text-sm font-medium text-destructive">{errors.socialLinks}</p>}
      {rows.map((row, position) => {
        const at = errorIndex(row.key)
        const id = `settings-social-${row.key}`
        return (
          <div
            key={row.key}
            className="grid gap-3 rounded-md bg-secondary/40 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start"
          >
            <Field id={`${id}-label`} label={`Link ${position + 1} name`} error={errors[`socialLinks.${at}.label`]}>
              {(described) => (
                <TextInput
                  id={`${id}-label`}
                  name="socialLabel"
                  value={row.label}
                  onChange={(event) => update(row.key, 'label', event.target.value)}
                  maxLength={SETTINGS_LIMITS.socialLabel}
                  placeholder="Instagram"
                  {...described}
                />
              )}
            </Field>
            <Field id={`${id}-url`} label={`Link ${position + 1} address`} error={errors[`socialLinks.${at}.url`]}>
              {(described) => (
                <TextInput
                  id={`${id}-url`}
                  name="socialUrl"
                  type="url"
                  inputMode="url"
                  value={row.url}
                  onChange={(event) => update(row.key, 'url', event.target.value)}
                  maxLength={SETTINGS_LIMITS.url}
                  placeholder="https://www.instagram.com/yourshop"
                  {...described}
                />
              )}
            </Field>
            <Button
              type="button"
              variant="ghost"
              className="h-11 text-destructive sm:mt-7"
              onClick={() => remove(row.key)}
              aria-label={`Remove link ${position + 1}${row.label ? ` (${row.label})` : ''}`}
            >
              <Trash2 aria-hidden /> <span className="sm:sr-only">Remove</span>
            </Button>
          </div>
        )
      })}
      {rows.length < SETTINGS_LIMITS.socialLinks && (
        <Button type="button" variant="outline" className="h-11 justify-self-start" onClick={add}>
          <Plus aria-hidden /> Add a social link
        </Button>
      )}
    </fieldset>
  )
}

function DeliveryForm({ settings, version }: { settings: Settings; version: string }) {
  return (
    <SectionForm
      section="delivery"
      version={version}
      resetKey={`${settings.deliveryFee}-${settings.freeDeliveryThreshold}`}
      title="Delivery"
      description={
        <>
          Now: {formatRupees(settings.deliveryFee)} per order, free from {formatRupees(settings.freeDeliveryThreshold)}{' '}
          (the items’ subtotal before a coupon).{' '}
          <Link to="/admin/settings/delivery" className="font-semibold text-primary underline">
            Delivery zones, holidays and cut-off
          </Link>
        </>
      }
      saveLabel="Save delivery terms"
    >
      {(errors) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="deliveryFee"
            label="Delivery fee (₹)"
            inputMode="decimal"
            errors={errors}
            hint={`From ₹0 to ₹${SETTINGS_LIMITS.deliveryFeeRupees.toLocaleString('en-IN')}, like 50.`}
            defaultValue={rupeesText(settings.deliveryFee)}
            required
          />
          <TextField
            name="freeDeliveryThreshold"
            label="Free delivery from (₹)"
            inputMode="decimal"
            errors={errors}
            hint="Orders whose subtotal reaches this pay no delivery fee, like 500. 0 makes delivery always free."
            defaultValue={rupeesText(settings.freeDeliveryThreshold)}
            required
          />
        </div>
      )}
    </SectionForm>
  )
}

function CouriersForm({ templates, version }: { templates: CourierTrackingUrls; version: string }) {
  return (
    <SectionForm
      section="couriers"
      version={version}
      resetKey={JSON.stringify(templates)}
      title="Courier tracking links"
      description={
        <>
          When an order is marked Shipped with one of these couriers, its number goes into the courier’s link in place
          of <code className="font-mono">{AWB_PLACEHOLDER}</code>, and My Orders, Track Order, the invoice page and the
          shipped e-mail and SMS show it. Leave a link empty when the courier has no page for one parcel: the number is
          shown without a link. The shop’s own rider needs none (the customer gets a delivery OTP instead).
        </>
      }
      saveLabel="Save tracking links"
    >
      {(errors) => (
        <div className="grid gap-5">
          {TRACKED_COURIERS.map((courier) => (
            <TextField
              key={courier}
              name={`tracking_${courier}`}
              label={`${COURIER_NAMES[courier]} tracking link`}
              optional
              type="url"
              inputMode="url"
              errors={{ [`tracking_${courier}`]: errors[`courierTrackingUrls.${courier}`] ?? '' }}
              hint={
                DEFAULT_TRACKING_URLS[courier] ? (
                  // A long address breaks anywhere rather than widening a phone's page.
                  <span className="break-all">Starts as {DEFAULT_TRACKING_URLS[courier]}</span>
                ) : (
                  'Empty at first: the courier has no page that takes the number in its address.'
                )
              }
              defaultValue={templates[courier] ?? ''}
              maxLength={SHIPMENT_LIMITS.trackingUrl}
              placeholder={`https://…/${AWB_PLACEHOLDER}`}
              className="font-mono text-sm"
            />
          ))}
        </div>
      )}
    </SectionForm>
  )
}

function HomePageForm({ settings, version }: { settings: Settings; version: string }) {
  return (
    <SectionForm
      section="home"
      version={version}
      resetKey={JSON.stringify([
        settings.ratingClaim,
        settings.varietiesClaim,
        settings.familiesClaim,
        settings.testimonials,
      ])}
      title="Home page claims and quotes"
      description="The figures under the home page’s title, and the customers’ words beneath it. Leave a claim empty to hide it: claim only what is true (the catalogue counts its own varieties)."
      saveLabel="Save claims and quotes"
    >
      {(errors) => (
        <>
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField
              name="ratingClaim"
              label="Average rating"
              optional
              errors={errors}
              hint="Out of 5, like 4.8"
              defaultValue={settings.ratingClaim}
              maxLength={SETTINGS_LIMITS.claim}
            />
            <TextField
              name="varietiesClaim"
              label="Varieties"
              optional
              errors={errors}
              hint="Like 12"
              defaultValue={settings.varietiesClaim}
              maxLength={SETTINGS_LIMITS.claim}
            />
            <TextField
              name="familiesClaim"
              label="Happy families"
              optional
              errors={errors}
              hint="Like 5000+"
              defaultValue={settings.familiesClaim}
              maxLength={SETTINGS_LIMITS.claim}
            />
          </div>
          <TestimonialsField testimonials={settings.testimonials} errors={errors} />
        </>
      )}
    </SectionForm>
  )
}

function TestimonialsField({ testimonials, errors }: { testimonials: Testimonial[]; errors: SettingsFieldErrors }) {
  const { rows, add, remove, update, errorIndex } = useRows(testimonials, { quote: '', name: '', city: '' })
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 font-semibold text-brown">Customer quotes</legend>
      <p className="text-sm text-muted-foreground">
        Real customers’ words, with their permission. None hides the section.
      </p>
      {errors.testimonials && <p className="text-sm font-medium text-destructive">{errors.testimonials}</p>}
      {rows.map((row, position) => {
        const at = errorIndex(row.key)
        const id = `settings-quote-${row.key}`
        return (
          <div key={row.key} className="grid gap-3 rounded-md bg-secondary/40 p-3 sm:grid-cols-2">
            <Field
              id={`${id}-quote`}
              label={`Quote ${position + 1}`}
              error={errors[`testimonials.${at}.quote`]}
              className="sm:col-span-2"
            >
              {(described) => (
                <TextArea
                  id={`${id}-quote`}
                  name="quote"
                  value={row.quote}
                  onChange={(event) => update(row.key, 'quote', event.target.value)}
                  maxLength={SETTINGS_LIMITS.quote}
                  className="min-h-24"
                  {...described}
                />
              )}
            </Field>
            <Field
              id={`${id}-name`}
              label={`Quote ${position + 1}: customer’s name`}
              error={errors[`testimonials.${at}.name`]}
            >
              {(described) => (
                <TextInput
                  id={`${id}-name`}
                  name="quoteName"
                  value={row.name}
                  onChange={(event) => update(row.key, 'name', event.target.value)}
                  maxLength={SETTINGS_LIMITS.quoteName}
                  {...described}
                />
              )}
            </Field>
            <Field id={`${id}-city`} label={`Quote ${position + 1}: city`} error={errors[`testimonials.${at}.city`]}>
              {(described) => (
                <TextInput
                  id={`${id}-city`}
                  name="quoteCity"
                  value={row.city}
                  onChange={(event) => update(row.key, 'city', event.target.value)}
                  maxLength={SETTINGS_LIMITS.quoteName}
                  {...described}
                />
              )}
            </Field>
            <Button
              type="button"
              variant="ghost"
              className="h-11 justify-self-start text-destructive"
              onClick={() => remove(row.key)}
            >
              <Trash2 aria-hidden /> Remove quote {position + 1}
            </Button>
          </div>
        )
      })}
      {rows.length < SETTINGS_LIMITS.testimonials && (
        <Button type="button" variant="outline" className="h-11 justify-self-start" onClick={add}>
          <Plus aria-hidden /> Add a quote
        </Button>
      )}
    </fieldset>
  )
}

function ShowcaseForm({ showcaseMode, version }: { showcaseMode: boolean; version: string }) {
  const choices = [
    {
      value: 'on',
      label: 'Showcase: ordering is off',
      hint: 'Products show ‘Coming Soon’, the cart is hidden and checkout takes no orders.',
    },
    { value: 'off', label: 'Open: shoppers can order', hint: 'The cart, checkout and order tracking are on.' },
  ] as const
  return (
    <SectionForm
      section="showcase"
      version={version}
      resetKey={String(showcaseMode)}
      title="Showcase mode"
      description={
        showcaseMode ? 'The shop is a showcase now: nobody can order online.' : 'The shop is open for orders now.'
      }
      saveLabel="Save showcase mode"
    >
      {(errors) => (
        <fieldset className="grid gap-3" aria-describedby={errors.showcaseMode ? 'settings-showcase-error' : undefined}>
          <legend className="sr-only">Showcase mode</legend>
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-checked:border-primary has-checked:bg-secondary/60"
            >
              <input
                type="radio"
                name="showcaseMode"
                value={choice.value}
                defaultChecked={(choice.value === 'on') === showcaseMode}
                className="mt-1 size-5 accent-primary"
              />
              <span>
                <span className="block font-semibold">{choice.label}</span>
                <span className="block text-sm text-muted-foreground">{choice.hint}</span>
              </span>
            </label>
          ))}
          {errors.showcaseMode && (
            <p id="settings-showcase-error" className="text-sm font-medium text-destructive">
              {errors.showcaseMode}
            </p>
          )}
        </fieldset>
      )}
    </SectionForm>
  )
}
