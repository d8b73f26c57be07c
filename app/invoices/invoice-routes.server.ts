// The invoice page and its PDF, for whoever may see the order: the customer whose account placed it,
// the browser that placed it as a guest, a guest with the tracking page's link key, and the admin.
// Anyone else is told the invoice is not found (404), as if the order did not exist.
import { eq } from 'drizzle-orm'
import { data, type RouterContextProvider } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { visitorHash } from '#app/checkout/visitor.server.ts'
import { orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { shipmentShown } from '#app/shipping/couriers.ts'
import { latestShipment } from '#app/shipping/shipments.server.ts'
import { isValidInvoiceLinkKey } from './invoice-link.server.ts'
import { invoicePaths } from './invoice-links.tsx'
import { renderInvoicePdf } from './invoice-pdf.server.ts'
import { orderPapers, paperList } from './invoices.server.ts'

interface Args {
  request: Request
  params: { orderId?: string }
  context: Readonly<RouterContextProvider>
}

const PRIVATE = { 'Cache-Control': 'private, no-store' }
const notFound = () => data({ message: 'Invoice not found' }, { status: 404, headers: PRIVATE })

/** The order's id when the request may see its invoice; otherwise a 404 is thrown. */
async function permittedOrder({ request, params, context }: Args) {
  const orderId = params.orderId ?? ''
  if (!isUuid(orderId)) throw notFound()
  const { db, otpKey } = context.get(servicesContext)
  const [order] = await db
    .select({ userId: orders.userId, placedBySession: orders.placedBySession, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) throw notFound()
  const key = new URL(request.url).searchParams.get('key')
  const { status } = order
  if (isValidInvoiceLinkKey(otpKey, orderId, key)) return { orderId, key, status }
  const visitor = visitorHash(request)
  if (visitor !== null && order.placedBySession === visitor) return { orderId, key: null, status }
  const { viewer } = await getViewer(request, context)
  if (viewer && (viewer.role === 'admin' || viewer.id === order.userId)) return { orderId, key: null, status }
  throw notFound()
}

function papersOf({ context }: Args, orderId: string) {
  return orderPapers(context.get(servicesContext).db, orderId, { log: context.get(requestContext).log })
}

export async function invoicePageLoader(args: Args) {
  const { orderId, key, status } = await permittedOrder(args)
  const { db } = args.context.get(servicesContext)
  const [papers, shipment] = await Promise.all([
    papersOf(args, orderId),
    shipmentShown(status) ? latestShipment(db, orderId) : null,
  ])
  return data(
    {
      orderNumber: orderNumber(orderId),
      papers: paperList(papers),
      pdfHref: invoicePaths(orderId, key).pdf,
      invoiceMissing: papers.invoiceMissing,
      shipment,
    },
    { headers: PRIVATE },
  )
}

/** The PDF as a download named after its first document; 404 while the order has no invoice. */
export async function invoicePdfLoader(args: Args) {
  const { orderId } = await permittedOrder(args)
  const papers = paperList(await papersOf(args, orderId))
  const first = papers[0]
  if (!first) throw notFound()
  const pdf = await renderInvoicePdf(papers)
  const name = `${first.document.number.replaceAll('/', '-')}.pdf`
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Content-Length': String(pdf.length),
    },
  })
}
