// /admin when signed out: the spec's login form (the panel itself is admin-panel.tsx).
import { ShieldCheck } from 'lucide-react'
import { Form } from 'react-router'
import { SecondFactorForm } from '#app/accounts/auth-page.tsx'
import { Field, FormMessage } from '#app/accounts/form-controls.tsx'
import { Button } from '#app/ui/button.tsx'
import type { AdminActionData } from './admin-page.server.ts'

export function AdminLogin({ actionData }: { actionData: AdminActionData | undefined }) {
  const secondStep = actionData?.step === 'second-factor'
  return (
    <div className="mx-auto w-full max-w-md px-4 pt-2 pb-16">
      <section className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8" aria-labelledby="admin-login-title">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-primary">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <div>
            <h1 id="admin-login-title" className="text-2xl font-bold text-brown">
              Admin Login
            </h1>
            <p className="text-sm text-muted-foreground">For the shop's staff only.</p>
          </div>
        </div>
        <div className="mt-6">
          {secondStep ? (
            <SecondFactorForm redirectTo="/admin" error={actionData?.error} />
          ) : (
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="login" />
              <FormMessage error={actionData?.error} />
              <Field
                label="Username"
                name="username"
                type="email"
                autoComplete="username"
                required
                defaultValue={actionData?.username}
                hint="Your admin e-mail address."
              />
              <Field label="Password" name="password" type="password" autoComplete="current-password" required />
              <Button type="submit" size="lg">
                Login
              </Button>
            </Form>
          )}
        </div>
      </section>
    </div>
  )
}
