// The delivery form as the tests' usual shopper fills it in: Asha Verma in Vijay Nagar, Indore, paying
// cash on delivery. Integration tests hand it to placeOrder, the e2e and server tests post it as the
// checkout form, unit tests validate it; each changes the fields its case is about.
import type { DeliveryDetails } from '#app/checkout/delivery-form.ts'

export function deliveryDetails(fields: Partial<DeliveryDetails> = {}): DeliveryDetails {
  return {
    fullName: 'Asha Verma',
    email: 'asha@example.in',
    phone: '+919876543210',
    address: '12, Vijay Nagar, Scheme 54',
    city: 'Indore',
    state: 'Madhya Pradesh',
    pincode: '452010',
    paymentMethod: 'cod',
    acceptTerms: 'on',
    ...fields,
  }
}
