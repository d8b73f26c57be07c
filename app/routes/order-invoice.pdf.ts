// The same papers as one PDF download.
import { invoicePdfLoader } from '#app/invoices/invoice-routes.server.ts'
import type { Route } from './+types/order-invoice.pdf'

export const loader = (args: Route.LoaderArgs) => invoicePdfLoader(args)
