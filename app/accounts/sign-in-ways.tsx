// My Account's "Ways to sign in" and "Another account of yours" (decision 005): plain forms that post
// to /account, and links that start a provider's sign-in, so they work before JavaScript arrives.
import { Form } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { Field, FormMessage } from './form-controls.tsx'
import type { PendingMerge, SignInWay } from './linking.server.ts'
import type { LinkingActionData } from './linking-actions.server.ts'
import { MIN_PASSWORD_LENGTH } from './rules.ts'

type Message = { error?: string; notice?: string }

export function SignInWays({
  ways,
  fresh,
  hasEmail,
  suggestedPhone,
  state,
  message,
}: {
  ways: SignInWay[]
  fresh: boolean
  hasEmail: boolean
  suggestedPhone: string | null
  /** The phone form's step, when the last post was this section's. */
  state: Extract<LinkingActionData, { section: 'ways' }> | undefined
  message: Message
}) {
  const addedCount = ways.filter((way) => way.added).length
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{m.account_ways_intro()}</p>
      <FormMessage {...message} />
      {!fresh && <SignInAgain />}
      <ul className="grid gap-3">
        {ways.map((way) => (
          <li key={way.key} className="grid gap-2 rounded-xl border p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <span className="font-semibold">{way.label}</span>
                {': '}
                {way.added ? (way.detail ?? m.account_way_added()) : m.account_way_not_added()}
              </p>
              {way.added && addedCount > 1 && fresh && (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-way" />
                  <input type="hidden" name="way" value={way.key} />
                  <Button type="submit" variant="outline" className="h-11">
                    {m.account_way_remove({ way: way.label })}
                  </Button>
                </Form>
              )}
            </div>
            {!way.added && fresh && (
              <AddWay way={way} hasEmail={hasEmail} suggestedPhone={suggestedPhone} state={state} />
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

function AddWay({
  way,
  hasEmail,
  suggestedPhone,
  state,
}: {
  way: SignInWay
  hasEmail: boolean
  suggestedPhone: string | null
  state: Extract<LinkingActionData, { section: 'ways' }> | undefined
}) {
  if (way.key === 'password') {
    if (!hasEmail) return <p className="text-sm text-muted-foreground">{m.account_way_password_by_merge()}</p>
    return (
      <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="set-password" />
        <Field
          label={m.account_new_password()}
          name="newPassword"
          id="field-way-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={m.auth_password_hint({ min: MIN_PASSWORD_LENGTH })}
        />
        <Button type="submit" className="h-11">
          {m.account_way_add({ way: way.label })}
        </Button>
      </Form>
    )
  }
  if (way.key === 'phone') {
    if (state?.step === 'code' && state.phone) {
      return (
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="phone-verify" />
          <input type="hidden" name="phone" value={state.phone} />
          <Field
            label={m.auth_code_label()}
            name="code"
            id="field-way-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
          />
          <Button type="submit" className="h-11">
            {m.account_link_verify()}
          </Button>
        </Form>
      )
    }
    return (
      <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="phone-send" />
        <Field
          label={m.account_link_phone_number()}
          name="phone"
          id="field-way-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={state?.phone ?? suggestedPhone ?? undefined}
          required
          hint={m.auth_phone_hint()}
        />
        <Button type="submit" className="h-11">
          {m.auth_send_code()}
        </Button>
      </Form>
    )
  }
  if (!way.provider) return null
  return (
    <Button asChild variant="outline" className="h-11 justify-self-start">
      {/* A full page load: the answer is a redirect to the provider, which returns to this page. */}
      <a href={`/auth/provider/${way.provider}?link=1`}>{m.account_way_add({ way: way.label })}</a>
    </Button>
  )
}

function SignInAgain() {
  return (
    <Form method="post" className="grid gap-3 rounded-xl border border-turmeric/60 bg-accent/30 p-3">
      <input type="hidden" name="intent" value="sign-in-again" />
      <p className="text-sm">{m.account_fresh_needed()}</p>
      <Button type="submit" className="h-11 justify-self-start">
        {m.account_sign_in_again()}
      </Button>
    </Form>
  )
}

export function MergeAccounts({
  merge,
  fresh,
  state,
  message,
}: {
  merge: PendingMerge | null
  fresh: boolean
  state: Extract<LinkingActionData, { section: 'merge' }> | undefined
  message: Message
}) {
  if (merge) {
    return (
      <div className="grid gap-3">
        <FormMessage {...message} />
        <p className="text-sm">{m.account_merge_pending({ who: merge.who, orders: merge.orders })}</p>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="merge-confirm" />
            <Button type="submit" className="h-11">
              {m.account_merge_confirm()}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="merge-cancel" />
            <Button type="submit" variant="outline" className="h-11">
              {m.account_merge_cancel()}
            </Button>
          </Form>
        </div>
      </div>
    )
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{m.account_merge_intro()}</p>
      <FormMessage {...message} />
      {fresh ? (
        <>
          <p className="text-sm">{m.account_merge_phone_hint()}</p>
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="merge-prove" />
            <p className="text-sm">{m.account_merge_email_hint()}</p>
            <Field
              label={m.account_merge_email()}
              name="email"
              id="field-merge-email"
              type="email"
              autoComplete="off"
              defaultValue={state?.email}
              required
            />
            <Field
              label={m.account_merge_password()}
              name="password"
              id="field-merge-password"
              type="password"
              autoComplete="off"
              required
            />
            <Button type="submit" variant="outline" className="h-11 justify-self-start">
              {m.account_merge_check()}
            </Button>
          </Form>
        </>
      ) : (
        <SignInAgain />
      )}
    </div>
  )
}
