// /admin: the spec's login form, or the admin pro panel with its four stat cards.
import { ClipboardList, Clock, IndianRupee, LogOut, ShieldCheck, Sun } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { SecondFactorForm } from '#app/accounts/auth-page.tsx'
import { Field, FormMessage } from '#app/accounts/form-controls.tsx'
import { formatWholeRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import type { AdminActionData } from './admin-page.server.ts'
import type { AdminStats } from './stats.server.ts'

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

export function AdminPanel({ admin, stats }: { admin: { name: string; email: string | null }; stats: AdminStats }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16" data-admin-panel>
      <header className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-brown px-5 py-4 text-primary-foreground shadow-sm">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Admin Pro Panel</h1>
          <p className="text-sm opacity-85">Signed in as {admin.email ?? admin.name}</p>
        </div>
        <Form method="post" action="/logout">
          <input type="hidden" name="redirectTo" value="/admin" />
          <Button type="submit" variant="secondary">
            <LogOut aria-hidden /> Logout
          </Button>
        </Form>
      </header>
      <section aria-label="Shop statistics" className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard title="Total Orders" value={stats.totalOrders.toLocaleString('en-IN')} icon={<ClipboardList />} />
        <StatCard title="Pending Orders" value={stats.pendingOrders.toLocaleString('en-IN')} icon={<Clock />} />
        <StatCard title="Total Revenue" value={formatWholeRupees(stats.totalRevenue)} icon={<IndianRupee />} />
        <StatCard title="Today's Orders" value={stats.todaysOrders.toLocaleString('en-IN')} icon={<Sun />} />
      </section>
      <p className="mt-6 text-sm text-muted-foreground">
        The Orders, Products, Blogs and Push Notifications tabs arrive in the next update of this panel.
      </p>
    </div>
  )
}

function StatCard({ title, value, icon }: { title: string; value: string; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-3">
        <div>
          <h2 className="text-sm font-semibold text-muted-foreground">{title}</h2>
          <p className="mt-1 text-2xl font-bold text-brown">{value}</p>
        </div>
        <span
          className="flex size-11 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:size-5"
          aria-hidden
        >
          {icon}
        </span>
      </CardContent>
    </Card>
  )
}
