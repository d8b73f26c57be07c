import { Link } from '#app/i18n/links.tsx'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { formatRupees } from '#app/shared/money.ts'
import type { PolicyDocument } from '../policy-page.tsx'
import {
  BUSINESS_HOURS,
  COMPLAINT_WINDOW,
  DELIVERY_BUSINESS_DAYS,
  DELIVERY_BY_REGION,
  DELIVERY_DAYS,
  DELIVERY_LOCATIONS,
  PHONE_HOURS_LONG,
  PROCESSING_TIME,
} from '../promises.ts'

export function shippingDocument(settings: PublicSettings): PolicyDocument {
  const fee = formatRupees(settings.deliveryFee)
  const threshold = formatRupees(settings.freeDeliveryThreshold)
  return {
    title: 'Shipping Policy',
    intro: `How ${settings.shopName} packs and delivers your namkeen across India, what delivery costs and how long it takes.`,
    summary: [
      <>
        <strong>Delivery in {DELIVERY_DAYS}</strong> from your order: we pack within {PROCESSING_TIME}, then the courier
        takes {DELIVERY_BUSINESS_DAYS}.
      </>,
      <>
        Delivery costs <strong>{fee}</strong> per order and is <strong>free on orders of {threshold} or more</strong>.
      </>,
      `We deliver to ${DELIVERY_LOCATIONS} across India.`,
      <>
        <strong>All sales are final</strong> and shipping costs are non-refundable. Tell us about a damaged parcel
        within {COMPLAINT_WINDOW} of delivery.
      </>,
    ],
    sections: [
      {
        id: 'where-we-deliver',
        title: 'Where we deliver',
        content: (
          <p>
            We deliver to addresses across India, {DELIVERY_LOCATIONS} and growing, through our courier partners. We do
            not ship outside India at present. If no courier serves your PIN code, we call you before dispatch to find
            another way or, if there is none, cancel the order and refund anything you paid.
          </p>
        ),
      },
      {
        id: 'processing',
        title: 'When your order is packed',
        content: (
          <p>
            Orders are processed within {PROCESSING_TIME} on working days: we pack your namkeen in sealed, food-grade
            pouches, box it so it travels without being crushed, and hand it to the courier. Our business hours are{' '}
            <strong>{BUSINESS_HOURS}</strong>; orders placed after 18:00 on a Friday, at the weekend or on a public
            holiday are packed on the next working day.
          </p>
        ),
      },
      {
        id: 'delivery-times',
        title: 'Delivery times',
        content: (
          <>
            <p>
              Most orders reach you <strong>in {DELIVERY_DAYS}</strong> from the day you order. Once the parcel has left
              us, the courier usually takes:
            </p>
            <div className="overflow-x-auto rounded-xl border bg-card">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Time in transit by kind of place</caption>
                <thead className="bg-secondary/70 text-brown">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 font-semibold">
                      Where you live
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-semibold">
                      Time in transit
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {DELIVERY_BY_REGION.map((row) => (
                    <tr key={row.region} className="border-t">
                      <th scope="row" className="px-4 py-2.5 font-normal">
                        <span className="font-semibold text-brown">{row.region}</span>
                        <span className="block text-xs text-muted-foreground">{row.examples}</span>
                      </th>
                      <td className="px-4 py-2.5 whitespace-nowrap">{row.days}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              Remote areas (parts of the North-East, Jammu and Kashmir, Ladakh, the Andaman and Nicobar Islands and
              Lakshadweep) and the weeks before Diwali and other big festivals can take a few days longer. These times
              are our couriers' usual times, not guarantees; if your parcel is late, call us and we will chase it.
            </p>
          </>
        ),
      },
      {
        id: 'charges',
        title: 'Delivery charges',
        content: (
          <>
            <p>
              Delivery costs <strong>{fee}</strong> per order, wherever you are in India. It is{' '}
              <strong>free when your order subtotal is {threshold} or more</strong> (after any discount). Your cart
              shows how much more you need for free delivery, and the total you see before paying includes the delivery
              charge. There is no extra charge for cash on delivery.
            </p>
            <p>
              <strong>Shipping costs are non-refundable.</strong>
            </p>
          </>
        ),
      },
      {
        id: 'tracking',
        title: 'Following your order',
        content: (
          <>
            <p>
              We let you know when your order is confirmed and when it is out for delivery. Signed-in customers see
              every order and its status under <Link to="/my-orders">My Orders</Link>; guests can follow an order with
              its order number and the phone number given at checkout.
            </p>
            <p>
              For some orders we share a 6-digit delivery code (OTP) with you; please give it to the delivery person
              only when you have the parcel in your hands. The code expires 24 hours after it is created.
            </p>
          </>
        ),
      },
      {
        id: 'failed-delivery',
        title: 'If a delivery cannot be made',
        content: (
          <p>
            Please give a complete address with landmark and PIN code, and a mobile number on which the courier can
            reach you. If the courier cannot deliver because the address is wrong or incomplete, nobody is available
            after repeated attempts, or a cash-on-delivery parcel is refused, the parcel comes back to us. Because food
            that has travelled cannot be sold again, such an order is not refunded; we are glad to send it again for
            another delivery charge of {fee}.
          </p>
        ),
      },
      {
        id: 'damaged-parcels',
        title: 'Damaged parcels',
        content: (
          <>
            <p>
              If the outer box is badly damaged or the seal is broken when the courier arrives, take a photo before
              opening it. Tell us <strong>within {COMPLAINT_WINDOW} of delivery</strong>, on {settings.phone} or at{' '}
              {settings.email}, with your order number and photos of the box and the packs.
            </p>
            <p>
              We look at each case of damage in transit individually and tell you how we will resolve it, for example by
              sending the damaged packs again. This does not change our rule that <strong>all sales are final</strong>:
              we do not take returns or exchanges, and shipping costs are non-refundable. See our{' '}
              <Link to="/terms-and-conditions">Terms and Conditions</Link>.
            </p>
          </>
        ),
      },
      {
        id: 'questions',
        title: 'Questions about a delivery',
        content: (
          <p>
            Call us on {settings.phone} ({PHONE_HOURS_LONG}) or write to {settings.email}. Orders and complaints are
            handled during business hours, {BUSINESS_HOURS}.
          </p>
        ),
      },
    ],
  }
}
