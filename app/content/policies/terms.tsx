import { Link } from '#app/i18n/links.tsx'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { formatRupees } from '#app/shared/money.ts'
import { GrievanceOfficer, type PolicyDocument } from '../policy-page.tsx'
import {
  BUSINESS_HOURS,
  COMPLAINT_WINDOW,
  DELIVERY_DAYS,
  GRIEVANCE_ACKNOWLEDGEMENT,
  GRIEVANCE_RESOLUTION,
  PHONE_HOURS_LONG,
} from '../promises.ts'

export function termsDocument(settings: PublicSettings): PolicyDocument {
  const fee = formatRupees(settings.deliveryFee)
  const threshold = formatRupees(settings.freeDeliveryThreshold)
  return {
    title: 'Terms and Conditions',
    intro: `The terms for buying from ${settings.shopName}: how orders, prices, payment and delivery work, and what to do if something goes wrong.`,
    summary: [
      <>
        <strong>All sales are final.</strong> Our products are food, so we do not offer refunds, returns or exchanges,
        and shipping costs are non-refundable.
      </>,
      `Prices are in Indian rupees and include taxes. Delivery costs ${fee}, and is free on orders of ${threshold} or more.`,
      `Tell us about any problem within ${COMPLAINT_WINDOW} of delivery. A parcel damaged in transit is looked at case by case.`,
      `Our Grievance Officer acknowledges every complaint within ${GRIEVANCE_ACKNOWLEDGEMENT} and resolves it within ${GRIEVANCE_RESOLUTION}.`,
    ],
    sections: [
      {
        id: 'about-these-terms',
        title: 'About these terms',
        content: (
          <>
            <p>
              This website is run by <strong>{settings.legalName}</strong> ("{settings.shopName}", "we", "us"),{' '}
              {settings.address}, FSSAI licence no. {settings.fssaiLicence}
              {settings.gstin ? `, GSTIN ${settings.gstin}` : ''}. These terms apply to every order placed on this
              website, by phone or by e-mail. By placing an order you accept them, together with our{' '}
              <Link to="/shipping-policy">Shipping Policy</Link>, <Link to="/privacy-policy">Privacy Policy</Link> and{' '}
              <Link to="/quality-policy">Quality Policy</Link>.
            </p>
            <p>
              Nothing in these terms takes away the rights you have as a consumer under the Consumer Protection Act,
              2019 and the Consumer Protection (E-Commerce) Rules, 2020.
            </p>
          </>
        ),
      },
      {
        id: 'products',
        title: 'Our products',
        content: (
          <>
            <p>
              We make vegetarian namkeen in our kitchen in Indore and sell it in 250g, 500g and 1kg packs. Each product
              page shows the ingredients, allergens, net weight, best-before period and storage advice, as the pack
              label does. Please read the allergen information before ordering if anyone eating the namkeen has an
              allergy.
            </p>
            <p>
              Photographs show a typical serving. Because our namkeen is made by hand in small batches, colour and the
              size of pieces vary a little from batch to batch; the net weight on the pack is always what you receive.
            </p>
          </>
        ),
      },
      {
        id: 'orders',
        title: 'Orders',
        content: (
          <>
            <p>
              Your order is a request to buy. It is accepted when we confirm it to you by message or e-mail. We may
              decline or cancel an order if a product has sold out, if we cannot deliver to your address, if the order
              looks fraudulent, or if a price was shown wrongly because of an obvious error. If we cancel an order you
              have already paid for, we refund the full amount you paid, including delivery, to the original payment
              method.
            </p>
            <p>
              You do not need an account to order. If you create one, keep your password to yourself; you are
              responsible for orders placed through your account.
            </p>
            <p>
              Discount codes apply only as described with the code. The <strong>FIRST10</strong> code gives 10% off the
              subtotal of a customer's first order, once per customer (by account or phone number).
            </p>
          </>
        ),
      },
      {
        id: 'prices-and-payment',
        title: 'Prices and payment',
        content: (
          <>
            <p>
              All prices are in Indian rupees (₹) and include applicable taxes. Delivery costs <strong>{fee}</strong>{' '}
              per order and is <strong>free when the order subtotal is {threshold} or more</strong>. Before you pay, we
              show the total with every charge included; nothing is added afterwards.
            </p>
            <p>
              You can pay cash on delivery, or online (UPI, cards and net banking) through our payment partner PhonePe
              where that option is shown at checkout. We never see or store your card or UPI details. An online order is
              confirmed only once the payment partner tells us the payment succeeded.
            </p>
          </>
        ),
      },
      {
        id: 'delivery',
        title: 'Delivery',
        content: (
          <>
            <p>
              We deliver across India. Orders usually reach you in {DELIVERY_DAYS}; details, charges and what happens
              when a delivery cannot be made are in our <Link to="/shipping-policy">Shipping Policy</Link>. Please give
              a complete address and a mobile number on which the courier can reach you.
            </p>
            <p>
              The namkeen is yours, and responsibility for it passes to you, once the parcel is handed over at your
              address.
            </p>
          </>
        ),
      },
      {
        id: 'all-sales-final',
        title: 'All sales are final',
        content: (
          <>
            <p>
              <strong>All sales are final.</strong> Because our products are food that cannot be resold once it has left
              our kitchen, we do not offer refunds, returns or exchanges, including for a change of mind or of taste.{' '}
              <strong>Shipping costs are non-refundable.</strong>
            </p>
            <p>
              This does not affect a refund for an order we cancel ourselves (see Orders), nor our help when a parcel
              arrives damaged in transit or with the wrong items (see the next section).
            </p>
          </>
        ),
      },
      {
        id: 'complaints',
        title: 'If something is wrong with your order',
        content: (
          <>
            <p>
              Please tell us <strong>within {COMPLAINT_WINDOW} of delivery</strong>, by phone on {settings.phone} or by
              e-mail to {settings.email}. Give your order number and, where you can, photos of the parcel, the pack and
              its label. Please do not wait: after that, we can rarely tell what happened to the food once it arrived.
            </p>
            <ul>
              <li>
                <strong>Damaged in transit or wrong items:</strong> we look at each case individually and tell you how
                we will resolve it, for example by sending the affected items again.
              </li>
              <li>
                <strong>Quality:</strong> our kitchen checks the batch your pack came from and we tell you what we
                found.
              </li>
            </ul>
            <p>
              Complaints are handled during business hours, {BUSINESS_HOURS}. Our customer care phone line is open{' '}
              {PHONE_HOURS_LONG}.
            </p>
          </>
        ),
      },
      {
        id: 'grievance-officer',
        title: 'Grievance Officer',
        content: (
          <>
            <p>
              As the Consumer Protection (E-Commerce) Rules, 2020 require, we have a Grievance Officer. If you are not
              satisfied with how a complaint was handled, or have any other grievance, write or call:
            </p>
            <GrievanceOfficer settings={settings} />
            <p>
              The Grievance Officer acknowledges every complaint <strong>within {GRIEVANCE_ACKNOWLEDGEMENT}</strong> of
              receiving it and resolves it <strong>within {GRIEVANCE_RESOLUTION}</strong> of receiving it. If you are
              still not satisfied, you may approach the National Consumer Helpline (dial 1915) or a consumer commission.
            </p>
          </>
        ),
      },
      {
        id: 'reviews',
        title: 'Reviews',
        content: (
          <p>
            Only customers who received an order can review what they bought. We publish reviews as written, whether
            good or bad, and remove only those that are abusive, unlawful or not about the product. We never pay for
            reviews or write them ourselves.
          </p>
        ),
      },
      {
        id: 'liability',
        title: 'Our responsibility',
        content: (
          <p>
            We are responsible for making and delivering the namkeen you ordered with reasonable care and as described.
            We are not responsible for delays caused by events outside our control, such as strikes, floods or courier
            network disruptions, but we will tell you about them and help where we can. To the extent the law allows,
            our responsibility for an order is limited to the amount you paid for it.
          </p>
        ),
      },
      {
        id: 'law',
        title: 'Governing law',
        content: (
          <p>
            These terms are governed by the laws of India. Courts at Indore, Madhya Pradesh have jurisdiction, without
            taking away your right to approach the consumer commission where you live.
          </p>
        ),
      },
      {
        id: 'changes',
        title: 'Changes to these terms',
        content: (
          <p>
            We may update these terms; the date at the top of this page shows when they last changed. The terms in force
            when you placed an order apply to that order.
          </p>
        ),
      },
    ],
  }
}
