// /auth (spec section 2, "Login"): e-mail, phone code and the configured providers, each a plain
// form so the page works before JavaScript arrives.
import { KeyRound, Mail, Smartphone, Tag } from 'lucide-react'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Form, Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import type { AuthActionData } from './auth-page.server.ts'
import { Field, FormMessage } from './form-controls.tsx'
import type { PublicProvider } from './providers.ts'
import { MIN_PASSWORD_LENGTH } from './rules.ts'

interface AuthPageProps {
  providers: PublicProvider[]
  redirectTo: string
  providerError: string | null
  actionData: AuthActionData | undefined
}

export function AuthPage({ providers, redirectTo, providerError, actionData }: AuthPageProps) {
  const [params] = useSearchParams()
  const method = actionData?.form ?? params.get('method')
  const mode = actionData?.form === 'email' ? actionData.mode : params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in'

  let body: ReactNode
  if (method === 'second-factor') {
    body = (
      <SecondFactorForm
        redirectTo={redirectTo}
        error={actionData?.form === 'second-factor' ? actionData.error : undefined}
      />
    )
  } else if (method === 'email') {
    body = (
      <EmailForm mode={mode} redirectTo={redirectTo} state={actionData?.form === 'email' ? actionData : undefined} />
    )
  } else if (method === 'phone') {
    body = <PhoneForm redirectTo={redirectTo} state={actionData?.form === 'phone' ? actionData : undefined} />
  } else {
    body = <Choices providers={providers} redirectTo={redirectTo} mode={mode} error={providerError} />
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 pt-2 pb-16">
      <div className="mb-6 flex items-center gap-3 rounded-xl border border-turmeric/60 bg-accent/30 px-4 py-3 text-brown">
        <Tag className="size-5 shrink-0 text-chilli" aria-hidden />
        <p className="text-sm font-semibold">{m.auth_first_order_offer()}</p>
      </div>
      <section className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8" aria-labelledby="auth-title">
        <h1 id="auth-title" className="text-2xl font-bold text-brown sm:text-3xl">
          {mode === 'sign-up' && method !== 'phone' && method !== 'second-factor'
            ? m.auth_create_title()
            : m.auth_login()}
        </h1>
        <p className="mt-1 text-muted-foreground">{m.auth_intro()}</p>
        <div className="mt-6">{body}</div>
      </section>
      <p className="mt-6 text-center text-xs text-muted-foreground">
        {m.auth_agree_before()}{' '}
        <Link to="/terms-and-conditions" className="font-semibold text-primary underline-offset-4 hover:underline">
          {m.auth_terms()}
        </Link>{' '}
        {m.auth_and()}{' '}
        <Link to="/privacy-policy" className="font-semibold text-primary underline-offset-4 hover:underline">
          {m.auth_privacy()}
        </Link>
        {m.auth_agree_after()}
      </p>
    </div>
  )
}

function Choices({
  providers,
  redirectTo,
  mode,
  error,
}: {
  providers: PublicProvider[]
  redirectTo: string
  mode: 'sign-in' | 'sign-up'
  error?: string | null
}) {
  const query = (method: string) => {
    const search = new URLSearchParams({ method })
    if (mode === 'sign-up') search.set('mode', 'sign-up')
    if (redirectTo !== '/') search.set('redirectTo', redirectTo)
    return `/auth?${search}`
  }
  return (
    // One column that never grows past the card; buttons keep their label on one line at 360 px.
    <div className="grid grid-cols-1 gap-3 [&>a]:px-4">
      <FormMessage error={error} />
      <Button asChild size="lg">
        <Link to={query('email')}>
          <Mail aria-hidden /> {m.auth_continue_email()}
        </Link>
      </Button>
      {providers.map((provider) => (
        <Button asChild size="lg" variant="outline" key={provider.id}>
          {/* A full page load: the answer is a redirect to the provider. */}
          <a href={`/auth/provider/${provider.id}?${providerQuery(mode, redirectTo)}`}>
            <KeyRound aria-hidden /> {m.auth_continue_with({ provider: provider.label })}
          </a>
        </Button>
      ))}
      <Button asChild size="lg" variant="outline">
        <Link to={query('phone')}>
          <Smartphone aria-hidden /> {m.auth_continue_phone()}
        </Link>
      </Button>
    </div>
  )
}

function providerQuery(mode: 'sign-in' | 'sign-up', redirectTo: string): string {
  const search = new URLSearchParams({ mode })
  if (redirectTo !== '/') search.set('redirectTo', redirectTo)
  return search.toString()
}

function BackLink({ mode }: { mode?: 'sign-up' }) {
  return (
    <Link
      to={mode ? '/auth?mode=sign-up' : '/auth'}
      className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
    >
      {m.auth_other_ways()}
    </Link>
  )
}

function EmailForm({
  mode,
  redirectTo,
  state,
}: {
  mode: 'sign-in' | 'sign-up'
  redirectTo: string
  state?: Extract<AuthActionData, { form: 'email' }>
}) {
  const signUp = mode === 'sign-up'
  return (
    <Form method="post" className="grid gap-4" key={mode}>
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormMessage error={state?.error} notice={state?.notice} />
      {signUp && (
        <Field
          label={m.auth_name()}
          name="name"
          autoComplete="name"
          required
          maxLength={80}
          defaultValue={state?.name}
        />
      )}
      <Field
        label={m.checkout_email()}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state?.email}
        inputMode="email"
      />
      <Field
        label={m.auth_password()}
        name="password"
        type="password"
        autoComplete={signUp ? 'new-password' : 'current-password'}
        required
        minLength={signUp ? MIN_PASSWORD_LENGTH : undefined}
        maxLength={128}
        hint={signUp ? m.auth_password_hint({ min: MIN_PASSWORD_LENGTH }) : undefined}
      />
      <Button type="submit" size="lg">
        {signUp ? m.auth_create_account() : m.auth_sign_in()}
      </Button>
      <p className="text-sm text-muted-foreground">
        {signUp ? m.auth_have_account() : m.auth_new_here()}
        <Link
          to={signUp ? '/auth?method=email' : '/auth?method=email&mode=sign-up'}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {signUp ? m.auth_sign_in() : m.auth_create_an_account()}
        </Link>
      </p>
      <BackLink />
    </Form>
  )
}

function PhoneForm({ redirectTo, state }: { redirectTo: string; state?: Extract<AuthActionData, { form: 'phone' }> }) {
  if (state?.step === 'code') {
    return (
      <div className="grid gap-4">
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="verify-code" />
          <input type="hidden" name="phone" value={state.phone} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormMessage error={state.error} notice={state.notice} />
          <Field
            label={m.auth_code_label()}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
          />
          <Button type="submit" size="lg">
            {m.auth_verify_sign_in()}
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="send-code" />
          <input type="hidden" name="phone" value={state.phone} />
          <Button type="submit" variant="link" className="h-auto px-0">
            {m.auth_send_new_code()}
          </Button>
        </Form>
        <BackLink />
      </div>
    )
  }
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="send-code" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormMessage error={state?.error} />
      <Field
        label={m.checkout_mobile()}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+91 98765 43210"
        hint={m.auth_phone_hint()}
        required
        defaultValue={state?.phone}
      />
      <Button type="submit" size="lg">
        {m.auth_send_code()}
      </Button>
      <BackLink />
    </Form>
  )
}

export function SecondFactorForm({
  redirectTo,
  error,
  intent = 'second-factor',
}: {
  redirectTo: string
  error?: string
  intent?: string
}) {
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-muted-foreground">{m.auth_second_factor_intro()}</p>
      <FormMessage error={error} />
      <Field label={m.auth_second_factor_label()} name="code" autoComplete="one-time-code" required maxLength={32} />
      <Button type="submit" size="lg">
        {m.auth_verify()}
      </Button>
    </Form>
  )
}
