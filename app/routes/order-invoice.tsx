// An order's invoice (or receipt) and credit notes, printable; for the order's customer, the guest
// who placed or tracked it, and the admin.
import { InvoicePage } from '#app/invoices/invoice-page.tsx'
import { invoicePageLoader } from '#app/invoices/invoice-routes.server.ts'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import type { HydrationHandle } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/order-invoice'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${m.invoice_page_title({ number: args.params.orderId.slice(-8) })} | Malwa Namkeen`,
    noindex: true,
  })

export const handle: CrumbsHandle & HydrationHandle = {
  hydrate: true,
  crumbs: (params) => [
    {
      label: m.invoice_page_title({ number: params.orderId?.slice(-8) ?? '' }),
      path: `/orders/${params.orderId}/invoice`,
    },
  ],
}

export const loader = (args: Route.LoaderArgs) => invoicePageLoader(args)

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InvoicePage {...loaderData} />
}
