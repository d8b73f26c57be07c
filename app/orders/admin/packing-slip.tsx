// The packing slip that goes into (or onto) the parcel: who sends it, who receives it, what is inside
// and whether the delivery person must collect money. Printed from the browser, alone on the page.
import { FileText, Printer } from 'lucide-react'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import { invoicePaths } from '#app/invoices/invoice-links.tsx'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { Button } from '#app/ui/button.tsx'
import { type AdminOrderDetails, collectText, type PackingSlipShop, zoneLabel } from '../admin-orders.ts'
import { formatOrderDate } from '../order-bits.tsx'

/**
 * The print stylesheet: the shop's frame around the page (skip link, header, breadcrumb, footer,
 * toasts) is not printed, only the slip. Rendered with the slip, so it leaves with it.
 */
const PRINT_THE_SLIP_ALONE = `@media print {
  @page { margin: 12mm; }
  body > :not(main), main > :not(:has([data-packing-slip])) { display: none !important; }
}`

export function PackingSlip({ order, shop }: { order: AdminOrderDetails; shop: PackingSlipShop }) {
  const zone = zoneLabel(order)
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 print:max-w-none print:p-0">
      <style>{PRINT_THE_SLIP_ALONE}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 py-4 print:hidden">
        <p className="text-sm text-muted-foreground">Check the items, then print and pack.</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" className="h-11">
            <a href={invoicePaths(order.id).page}>
              <FileText aria-hidden />
              Invoice
            </a>
          </Button>
          <Button type="button" className="h-11" onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
        </div>
      </div>

      <article
        data-packing-slip
        aria-labelledby="slip-title"
        className="grid gap-6 rounded-xl border bg-white p-5 text-black shadow-sm sm:p-8 print:rounded-none print:border-0 print:p-0 print:shadow-none"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-black pb-4">
          <div className="min-w-0">
            <p className="font-serif text-2xl font-bold">{shop.shopName}</p>
            <p className="text-sm whitespace-pre-line">{shop.address}</p>
            <p className="text-sm">
              {shop.phone} · {shop.email}
            </p>
            <p className="text-sm font-semibold">FSSAI Lic. No. {shop.fssaiLicence}</p>
          </div>
          <div className="sm:text-right">
            <h1 id="slip-title" className="text-xl font-bold text-black">
              Packing Slip
            </h1>
            <p className="font-mono text-lg font-bold">Order #{order.number}</p>
            <p className="text-sm">{formatOrderDate(order.createdAt, true)}</p>
          </div>
        </header>

        <section aria-labelledby="slip-ship-to" className="rounded-lg border-2 border-black p-4">
          <h2 id="slip-ship-to" className="font-sans text-xs font-bold tracking-widest text-black uppercase">
            Ship to
          </h2>
          <p className="mt-1 text-2xl font-bold break-words sm:text-3xl">{order.customerName}</p>
          <p className="mt-1 text-lg break-words whitespace-pre-line sm:text-xl">{order.shippingAddress}</p>
          <p className="mt-1 text-lg font-semibold sm:text-xl">{formatIndianMobile(order.phone)}</p>
          {zone && (
            <p className="mt-2 text-base">
              <span className="font-semibold">Zone:</span> {zone}
              {order.deliveryBy && ` · deliver by ${formatDeliveryDay(order.deliveryBy, 'en')}`}
            </p>
          )}
        </section>

        <CollectBox order={order} />

        <section aria-labelledby="slip-items">
          <h2 id="slip-items" className="font-sans text-xs font-bold tracking-widest text-black uppercase">
            In this parcel
          </h2>
          <table className="mt-2 w-full border-collapse text-base">
            <thead>
              <tr className="border-b-2 border-black text-left">
                <th scope="col" className="w-16 py-1.5 pr-2">
                  Qty
                </th>
                <th scope="col" className="py-1.5 pr-2">
                  Item
                </th>
                <th scope="col" className="w-20 py-1.5">
                  Size
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={`${item.productName}-${item.size}`} className="border-b border-black/30 break-inside-avoid">
                  <td className="py-2 pr-2 font-bold">{item.quantity}</td>
                  <td className="py-2 pr-2">{item.productName}</td>
                  <td className="py-2">{item.size}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-sm">
            {order.itemCount} {order.itemCount === 1 ? 'packet' : 'packets'} in all
          </p>
        </section>
      </article>
    </div>
  )
}

/** What the delivery person does at the door, in letters nobody can miss. */
function CollectBox({ order }: { order: AdminOrderDetails }) {
  return (
    <p className="rounded-lg border-4 border-black p-4 text-center text-2xl font-extrabold break-words sm:text-3xl">
      {collectText(order)}
    </p>
  )
}
