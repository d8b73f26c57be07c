// /account: a small page for the signed-in shopper.
import { type ReactNode, useId } from 'react'
import { Form, Link } from '#app/i18n/links.tsx'
import { PushSwitchSlot } from '#app/notifications/push-prompt.tsx'
import { m } from '#app/paraglide/messages.js'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { Button } from '#app/ui/button.tsx'
import type { AccountWhatsApp } from '#app/whatsapp/account-opt-in.server.ts'
import type { AccountActionData, Enrolment } from './account-page.server.ts'
import { Field, FormMessage } from './form-controls.tsx'
import type { PendingMerge, SignInWay } from './linking.server.ts'
import { MIN_PASSWORD_LENGTH } from './rules.ts'
import { MergeAccounts, SignInWays } from './sign-in-ways.tsx'
import type { Viewer } from './viewer.ts'

export function AccountPage({
  viewer,
  hasPassword,
  whatsapp,
  ways,
  fresh,
  merge,
  providerNotice,
  suggestedPhone,
  actionData,
}: {
  viewer: Viewer
  hasPassword: boolean
  /** Null: WhatsApp updates are not configured, and the page says nothing about them. */
  whatsapp: AccountWhatsApp | null
  ways: SignInWay[]
  /** Signed in within the last 10 minutes: ways may be added and removed and accounts merged. */
  fresh: boolean
  merge: PendingMerge | null
  /** Back from adding a provider (or its refusal). */
  providerNotice: { error?: string; notice?: string } | null
  /** The latest order's number, offered (not trusted) in the "add a phone" form. */
  suggestedPhone: string | null
  actionData: AccountActionData | undefined
}) {
  const message = (section: string) =>
    actionData && actionData.section === section && 'notice' in actionData
      ? { error: actionData.error, notice: actionData.notice }
      : actionData?.section === section
        ? { error: actionData.error }
        : {}
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 pb-16">
      <h1 className="pt-6 text-3xl font-bold text-brown">{m.account_title()}</h1>
      <Section title={m.account_your_details()}>
        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="inline font-semibold">{m.account_email_label()}</dt>
            <dd className="inline">{viewer.email ?? m.account_email_none()}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.account_phone_label()}</dt>
            <dd className="inline">{viewer.phone ? formatIndianMobile(viewer.phone) : m.account_none()}</dd>
          </div>
        </dl>
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="name" />
          <Field
            label={m.auth_name()}
            name="name"
            defaultValue={viewer.name}
            required
            maxLength={80}
            autoComplete="name"
          />
          <Button type="submit" className="h-11">
            {m.account_save_name()}
          </Button>
          <div className="sm:col-span-2">
            <FormMessage {...message('name')} />
          </div>
        </Form>
      </Section>

      {/* The owner signs in with the password only (decision 005): no other way, no merge. */}
      {viewer.role !== 'admin' && (
        <>
          <Section title={m.account_ways_title()}>
            <SignInWays
              ways={ways}
              fresh={fresh}
              hasEmail={viewer.email !== null}
              suggestedPhone={suggestedPhone}
              state={actionData?.section === 'ways' ? actionData : undefined}
              message={actionData?.section === 'ways' ? message('ways') : (providerNotice ?? {})}
            />
          </Section>

          <Section title={m.account_merge_title()}>
            <MergeAccounts
              merge={merge}
              fresh={fresh}
              state={actionData?.section === 'merge' ? actionData : undefined}
              message={message('merge')}
            />
          </Section>
        </>
      )}

      <Section title={m.account_addresses_title()}>
        <p className="text-sm text-muted-foreground">{m.account_addresses_text()}</p>
        <Button asChild variant="outline" className="mt-3 h-11">
          <Link to="/account/addresses">{m.account_addresses_link()}</Link>
        </Button>
      </Section>

      {hasPassword && (
        <Section title={m.account_change_password()}>
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="password" />
            <FormMessage {...message('password')} />
            <Field
              label={m.account_current_password()}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
            <Field
              label={m.account_new_password()}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              hint={m.auth_password_hint({ min: MIN_PASSWORD_LENGTH })}
            />
            <Button type="submit" className="h-11 justify-self-start">
              {m.account_change_password()}
            </Button>
          </Form>
        </Section>
      )}

      {/* A code sent by SMS is a step of its own: an account without a password has nothing to add one to. */}
      {(hasPassword || viewer.twoFactorEnabled) && (
        <Section title={m.account_two_step()}>
          {actionData?.section === 'enrol' ? (
            <EnrolmentForm enrolment={actionData.enrolment} error={actionData.error} />
          ) : (
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value={viewer.twoFactorEnabled ? 'disable-2fa' : 'enable-2fa'} />
              <FormMessage {...message('two-factor')} />
              <p className="text-sm text-muted-foreground">
                {viewer.twoFactorEnabled ? m.account_two_step_on() : m.account_two_step_add()}
              </p>
              {hasPassword && (
                <Field
                  label={m.auth_password()}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                />
              )}
              <Button
                type="submit"
                variant={viewer.twoFactorEnabled ? 'outline' : 'default'}
                className="h-11 justify-self-start"
              >
                {viewer.twoFactorEnabled ? m.account_two_step_off_button() : m.account_two_step_set_up()}
              </Button>
            </Form>
          )}
        </Section>
      )}

      {whatsapp && (
        <Section title={m.whatsapp_optin_account_title()}>
          <WhatsAppUpdates whatsapp={whatsapp} message={message('whatsapp')} />
        </Section>
      )}

      <Section title={m.account_notifications()}>
        <p className="text-sm text-muted-foreground">{m.account_notifications_text()}</p>
        <PushSwitchSlot tone="page" className="mt-3 min-h-9" />
      </Section>

      <Section title={m.account_devices()}>
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <p className="text-sm text-muted-foreground">{m.account_devices_text()}</p>
          <Button type="submit" variant="outline" className="h-11 justify-self-start">
            {m.account_sign_out_everywhere()}
          </Button>
        </Form>
      </Section>
    </div>
  )
}

/** The account's number and its choice, with the one button that changes it (its sentence is what is recorded). */
function WhatsAppUpdates({
  whatsapp,
  message,
}: {
  whatsapp: AccountWhatsApp
  message: { error?: string; notice?: string }
}) {
  const { phone, optedIn } = whatsapp
  if (!phone) return <p className="text-sm text-muted-foreground">{m.whatsapp_optin_account_no_phone()}</p>
  const shown = formatIndianMobile(phone)
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="whatsapp" />
      <input type="hidden" name="phone" value={phone} />
      <input type="hidden" name="choice" value={optedIn ? 'withdraw' : 'opt-in'} />
      <FormMessage {...message} />
      <p className="text-sm">
        {optedIn ? m.whatsapp_optin_account_on({ phone: shown }) : m.whatsapp_optin_account_off({ phone: shown })}
        {whatsapp.fromOrder && (
          <span className="block text-muted-foreground">{m.whatsapp_optin_account_latest_order()}</span>
        )}
      </p>
      <Button
        type="submit"
        variant={optedIn ? 'outline' : 'default'}
        className="h-auto min-h-11 justify-self-start py-2 text-left whitespace-normal"
      >
        {optedIn ? whatsapp.withdrawWording : whatsapp.optInWording}
      </Button>
    </Form>
  )
}

function EnrolmentForm({ enrolment, error }: { enrolment: Enrolment; error?: string }) {
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="verify-2fa" />
      <input type="hidden" name="totpURI" value={enrolment.totpURI} />
      <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(' ')} />
      <p className="text-sm">{m.account_scan()}</p>
      <img
        src={enrolment.qrDataUrl}
        alt={m.account_qr_alt()}
        width={192}
        height={192}
        className="rounded-md border bg-white p-2"
      />
      <p className="text-sm">
        {m.account_key()}{' '}
        <code className="rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="totp-key">
          {enrolment.manualKey}
        </code>
      </p>
      <div className="text-sm">
        <p>{m.account_backup_codes_text()}</p>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono sm:grid-cols-5" aria-label={m.account_backup_codes()}>
          {enrolment.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <FormMessage error={error} />
      <Field
        label={m.account_enter_app_code()}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
      />
      <Button type="submit" className="h-11 justify-self-start">
        {m.account_turn_on()}
      </Button>
    </Form>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={id} className="mb-3 text-lg font-bold text-brown">
        {title}
      </h2>
      {children}
    </section>
  )
}
