// /account: a small page for the signed-in shopper.
import type { ReactNode } from 'react'
import { Form } from '#app/i18n/links.tsx'
import { PushSwitchSlot } from '#app/notifications/push-prompt.tsx'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { Button } from '#app/ui/button.tsx'
import type { AccountActionData, Enrolment } from './account-page.server.ts'
import { Field, FormMessage } from './form-controls.tsx'
import { MIN_PASSWORD_LENGTH } from './rules.ts'
import type { Viewer } from './viewer.ts'

export function AccountPage({
  viewer,
  hasPassword,
  actionData,
}: {
  viewer: Viewer
  hasPassword: boolean
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
      <h1 className="text-3xl font-bold text-brown">My Account</h1>
      <Section title="Your details">
        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="inline font-semibold">E-mail: </dt>
            <dd className="inline">{viewer.email ?? 'none (you sign in with your phone)'}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Phone: </dt>
            <dd className="inline">{viewer.phone ? formatIndianMobile(viewer.phone) : 'none'}</dd>
          </div>
        </dl>
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="name" />
          <Field label="Name" name="name" defaultValue={viewer.name} required maxLength={80} autoComplete="name" />
          <Button type="submit">Save name</Button>
          <div className="sm:col-span-2">
            <FormMessage {...message('name')} />
          </div>
        </Form>
      </Section>

      {hasPassword && (
        <Section title="Change password">
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="password" />
            <FormMessage {...message('password')} />
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              hint={`At least ${MIN_PASSWORD_LENGTH} characters; common passwords are refused.`}
            />
            <Button type="submit" className="justify-self-start">
              Change password
            </Button>
          </Form>
        </Section>
      )}

      <Section title="Two-step sign-in (authenticator app)">
        {actionData?.section === 'enrol' ? (
          <EnrolmentForm enrolment={actionData.enrolment} error={actionData.error} />
        ) : (
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value={viewer.twoFactorEnabled ? 'disable-2fa' : 'enable-2fa'} />
            <FormMessage {...message('two-factor')} />
            <p className="text-sm text-muted-foreground">
              {viewer.twoFactorEnabled
                ? 'Two-step sign-in is on: signing in asks for a code from your authenticator app.'
                : 'Add a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password ...) to your password.'}
            </p>
            {hasPassword && (
              <Field label="Password" name="password" type="password" autoComplete="current-password" required />
            )}
            <Button
              type="submit"
              variant={viewer.twoFactorEnabled ? 'outline' : 'default'}
              className="justify-self-start"
            >
              {viewer.twoFactorEnabled ? 'Turn off two-step sign-in' : 'Set up two-step sign-in'}
            </Button>
          </Form>
        )}
      </Section>

      <Section title="Notifications">
        <p className="text-sm text-muted-foreground">
          Notifications about fresh batches and offers, on this device (each phone or computer is turned on or off on
          its own).
        </p>
        <PushSwitchSlot tone="page" className="mt-3 min-h-9" />
      </Section>

      <Section title="Signed-in devices">
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <p className="text-sm text-muted-foreground">Signs you out on every phone and computer, this one included.</p>
          <Button type="submit" variant="outline" className="justify-self-start">
            Sign out everywhere
          </Button>
        </Form>
      </Section>
    </div>
  )
}

function EnrolmentForm({ enrolment, error }: { enrolment: Enrolment; error?: string }) {
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="verify-2fa" />
      <input type="hidden" name="totpURI" value={enrolment.totpURI} />
      <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(' ')} />
      <p className="text-sm">1. Scan this code with your authenticator app, or type the key by hand.</p>
      <img
        src={enrolment.qrDataUrl}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="rounded-md border bg-white p-2"
      />
      <p className="text-sm">
        Key:{' '}
        <code className="rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="totp-key">
          {enrolment.manualKey}
        </code>
      </p>
      <div className="text-sm">
        <p>2. Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone.</p>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono sm:grid-cols-5" aria-label="Backup codes">
          {enrolment.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <FormMessage error={error} />
      <Field
        label="3. Enter the 6-digit code the app shows"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
      />
      <Button type="submit" className="justify-self-start">
        Turn on two-step sign-in
      </Button>
    </Form>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 className="mb-3 text-lg font-bold text-brown">{title}</h2>
      {children}
    </section>
  )
}
