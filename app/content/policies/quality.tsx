import { Link } from '#app/i18n/links.tsx'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import type { PolicyDocument } from '../policy-page.tsx'
import { BUSINESS_HOURS, COMPLAINT_WINDOW } from '../promises.ts'

export function qualityDocument(settings: PublicSettings): PolicyDocument {
  return {
    title: 'Quality Policy',
    intro: `How ${settings.shopName} chooses ingredients, fries, checks and packs every batch of namkeen in our Indore kitchen.`,
    summary: [
      `Everything is made in our own FSSAI-licensed kitchen in Indore (licence no. ${settings.fssaiLicence}).`,
      '100% vegetarian, with no artificial preservatives, colours or flavours.',
      'Every batch is tasted and checked before it is packed in sealed, food-grade pouches.',
      `If something is not right, tell us within ${COMPLAINT_WINDOW} of delivery.`,
    ],
    sections: [
      {
        id: 'our-promise',
        title: 'Our promise',
        content: (
          <>
            <blockquote className="border-l-4 border-turmeric pl-4 font-serif text-lg text-brown italic">
              {settings.qualityTagline}
            </blockquote>
            <p>
              We would rather make less namkeen than make it worse. This page says what we do to keep that promise, so
              that you can hold us to it.
            </p>
          </>
        ),
      },
      {
        id: 'ingredients',
        title: 'Ingredients',
        content: (
          <>
            <p>
              Our namkeen is made from a short list of ingredients: besan (gram flour) and other pulses and flours,
              edible oil, salt and spices, with nuts, sugar or dried fruit in some mixtures. We buy them from suppliers
              we know, and check every delivery for smell, colour, dryness and dates before it is used. Anything that
              does not pass goes back.
            </p>
            <ul>
              <li>No artificial preservatives, colours or flavours.</li>
              <li>100% vegetarian; our Satwik range is made without onion and garlic.</li>
              <li>
                Spices are ground in-house, in small quantities, so that they are fresh when they go into the dough.
              </li>
            </ul>
            <p>
              Each product page lists the full ingredients and allergens (such as peanuts, cashews or gluten). Our
              kitchen handles all of these, so traces may be present in any product.
            </p>
          </>
        ),
      },
      {
        id: 'kitchen',
        title: 'Our kitchen',
        content: (
          <>
            <p>
              Our kitchen in Indore holds FSSAI licence no. <strong>{settings.fssaiLicence}</strong> and follows the
              hygiene and sanitation requirements the FSSAI sets for food businesses:
            </p>
            <ul>
              <li>clean uniforms, head covers and gloves; hands washed before work and after every break;</li>
              <li>
                surfaces, utensils and the sev presses cleaned after every batch, and the kitchen deep-cleaned weekly;
              </li>
              <li>regular pest control, and ingredients stored off the floor in closed containers;</li>
              <li>potable water for cooking and cleaning;</li>
              <li>nobody who is unwell works with food.</li>
            </ul>
          </>
        ),
      },
      {
        id: 'frying',
        title: 'Frying',
        content: (
          <p>
            We fry in small batches, so nothing waits in a heap before it is packed. We watch the frying oil and change
            it well before it reaches the limit the FSSAI sets for used cooking oil, and we never keep topping up old
            oil. Oil that is replaced is not used for our food again.
          </p>
        ),
      },
      {
        id: 'checks',
        title: 'Checks before packing',
        content: (
          <p>
            Someone from the family tastes every batch before it is packed: salt, spice, crunch and colour. A batch that
            is not right is not packed and not sold. Each pack carries a batch number, so if you ever have a question
            about a pack we can trace the batch it came from.
          </p>
        ),
      },
      {
        id: 'packing',
        title: 'Packing and labels',
        content: (
          <>
            <p>
              Namkeen is packed soon after frying, in sealed, food-grade pouches that keep out air and moisture, and
              boxed so that it is not crushed on its way to you. Every pack label shows:
            </p>
            <ul>
              <li>the product name, ingredients and allergens;</li>
              <li>the green vegetarian mark;</li>
              <li>net weight, maximum retail price (MRP), batch number, date of packing and best-before date;</li>
              <li>our name, address and FSSAI licence number.</li>
            </ul>
          </>
        ),
      },
      {
        id: 'storage',
        title: 'Storage and best before',
        content: (
          <p>
            Keep packs sealed in a cool, dry place, away from sunlight. After opening, move the namkeen into an airtight
            container and close it after every use. Please eat it before the best-before date on the pack; each product
            page gives its best-before period.
          </p>
        ),
      },
      {
        id: 'not-right',
        title: 'If something is not right',
        content: (
          <>
            <p>
              Tell us <strong>within {COMPLAINT_WINDOW} of delivery</strong>: call {settings.phone} or write to{' '}
              {settings.email} with your order number, the batch number from the pack and, if you can, a photo. Our
              kitchen checks the batch and we tell you what we found. If a parcel arrived damaged in transit, we look at
              the case individually and tell you how we will resolve it.
            </p>
            <p>
              As our products are food, all sales are final: we do not take returns or exchanges. See our{' '}
              <Link to="/terms-and-conditions">Terms and Conditions</Link> and{' '}
              <Link to="/shipping-policy">Shipping Policy</Link>. Complaints are handled during business hours,{' '}
              {BUSINESS_HOURS}.
            </p>
          </>
        ),
      },
    ],
  }
}
