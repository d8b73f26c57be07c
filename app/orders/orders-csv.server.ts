// The orders list as CSV, streamed a batch at a time (keyset, newest first), so a year of orders
// never sits in memory. Dates in IST as en-IN writes them; amounts in rupees as plain numbers a
// spreadsheet can add; every cell quoted, and a cell a spreadsheet would read as a formula (= + - @,
// tab, carriage return) starts with an apostrophe.
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '#app/platform/db.server.ts'
import { courierLabel, type ShipmentView } from '#app/shipping/couriers.ts'
import { latestShipments } from '#app/shipping/shipments.server.ts'
import { createdMicros, olderThan, orderConditions } from './admin-orders.server.ts'
import type { AdminOrderFilters, OrderCursor } from './admin-orders.ts'
import { orderItems, orders } from './schema.ts'
import { orderNumber } from './status.ts'

const BATCH = 500

const HEADER = [
  'Order number',
  'Order id',
  'Placed (IST)',
  'Status',
  'Customer',
  'Phone',
  'E-mail',
  'Shipping address',
  'Items',
  'Subtotal (Rs)',
  'Discount (Rs)',
  'Coupon',
  'Delivery (Rs)',
  'Delivery zone',
  'Zone fee (Rs)',
  'Total (Rs)',
  'Payment method',
  'Payment status',
  'Delivered (IST)',
  'Courier',
  'AWB',
  'Tracking link',
]

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
})

/** One CSV cell: quoted, inner quotes doubled, formula triggers neutralised. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

function rupees(paise: number): string {
  return (paise / 100).toFixed(2)
}

/** Courier, AWB and tracking link of an order's shipment; empty before it ships. */
function shipmentColumns(shipment: ShipmentView | undefined): (string | null)[] {
  return shipment ? [courierLabel(shipment), shipment.awb, shipment.trackingUrl] : [null, null, null]
}

export function ordersCsv(db: Db, filters: Omit<AdminOrderFilters, 'cursor'>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const conditions = orderConditions(filters)
  if (filters.status) conditions.push(eq(orders.status, filters.status))
  let after: OrderCursor | null = null

  return new ReadableStream({
    start(controller) {
      // The byte-order mark tells spreadsheet programs the file is UTF-8 (₹, names in Devanagari).
      controller.enqueue(encoder.encode(`\uFEFF${HEADER.map(csvCell).join(',')}\r\n`))
    },
    async pull(controller) {
      const page = await db
        .select({ order: orders, micros: createdMicros })
        .from(orders)
        .where(and(...conditions, after ? olderThan(after) : undefined))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(BATCH)
      if (page.length === 0) {
        controller.close()
        return
      }
      const lines = await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            page.map(({ order }) => order.id),
          ),
        )
        .orderBy(asc(orderItems.position), asc(orderItems.id))
      // The parcel each order went out as last (an order moved back and shipped again has two).
      const shipmentOf = await latestShipments(
        db,
        page.map(({ order }) => order.id),
      )
      const itemsOf = new Map<string, string[]>()
      for (const line of lines) {
        itemsOf.set(line.orderId, [
          ...(itemsOf.get(line.orderId) ?? []),
          `${line.quantity} x ${line.productName} (${line.size})`,
        ])
      }
      const rows = page.map(({ order }) =>
        [
          orderNumber(order.id),
          order.id,
          istDateTime.format(order.createdAt),
          order.status,
          order.customerName,
          order.phone,
          order.email,
          order.shippingAddress,
          (itemsOf.get(order.id) ?? []).join('; '),
          rupees(order.subtotalAmount),
          rupees(order.discountAmount),
          order.couponCode,
          rupees(order.deliveryFee),
          order.deliveryZone,
          rupees(order.deliveryZoneFee),
          rupees(order.totalAmount),
          order.paymentMethod.toUpperCase(),
          order.paymentStatus,
          order.deliveredAt ? istDateTime.format(order.deliveredAt) : null,
          ...shipmentColumns(shipmentOf.get(order.id)),
        ]
          .map(csvCell)
          .join(','),
      )
      controller.enqueue(encoder.encode(`${rows.join('\r\n')}\r\n`))
      const last = page.at(-1)!
      after = { micros: last.micros, id: last.order.id }
      if (page.length < BATCH) controller.close()
    },
  })
}
