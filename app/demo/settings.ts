// The shop's details as first installed: demo values (decisions.md) that the owner replaces in the admin panel.
import type { settings } from '../settings/schema.ts'

export const demoSettings = {
  shopName: 'Malwa Namkeen',
  legalName: 'Malwa Namkeen (demo business details)',
  address: 'Sarafa Bazaar, Indore, Madhya Pradesh 452002',
  phone: '+91 98765 43210',
  email: 'hello@malwanamkeen.example',
  socialLinks: [
    { label: 'Instagram', url: 'https://www.instagram.com/' },
    { label: 'Facebook', url: 'https://www.facebook.com/' },
    { label: 'YouTube', url: 'https://www.youtube.com/' },
  ],
  qualityTagline: 'Small batches, fried fresh in groundnut oil in our Indore kitchen, packed the same week.',
  fssaiLicence: '00000000000000',
  grievanceOfficerName: 'Grievance Officer (demo)',
  grievanceOfficerEmail: 'grievance@malwanamkeen.example',
  grievanceOfficerPhone: '+91 98765 43210',
  deliveryFee: 5000,
  freeDeliveryThreshold: 50000,
  ratingClaim: '4.8',
  varietiesClaim: '50+',
  familiesClaim: '5000+',
  testimonials: [
    {
      quote:
        'The Ratlami sev tastes exactly like the one we used to buy near Rajwada. It reached Pune in three days and was still perfectly crisp.',
      name: 'Priya S.',
      city: 'Pune',
    },
    {
      quote:
        'We order the Satwik khatta meetha every Navratri. No onion, no garlic, and the whole family finishes a packet in one evening.',
      name: 'Ramesh A.',
      city: 'Ahmedabad',
    },
  ],
} satisfies Omit<typeof settings.$inferInsert, 'id' | 'showcaseMode' | 'updatedAt'>
