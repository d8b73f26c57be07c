// What the shop promises in words (spec section 9, "Promises", and the policy content). Pages quote
// these so the FAQ, contact page and policies never drift apart.

/** Customer care by phone. */
export const PHONE_HOURS = 'Mon-Sat 9AM-6PM'
export const PHONE_HOURS_LONG = 'Monday to Saturday, 9 AM to 6 PM'
/** The office: orders, complaints and grievances are handled in these hours. */
export const BUSINESS_HOURS = 'Monday-Friday 09:00-18:00'
export const EMAIL_RESPONSE = '24-48 hours'
export const MESSAGE_REPLY = '24 hours'

export const PROCESSING_TIME = '24 hours'
/** The FAQ's reading: business days in transit by kind of place. */
export const DELIVERY_BUSINESS_DAYS = '2-5 business days'
export const DELIVERY_BY_REGION = [
  {
    region: 'Metro cities',
    examples: 'Delhi, Mumbai, Bengaluru, Chennai, Kolkata, Hyderabad',
    days: '2-3 business days',
  },
  { region: 'Tier-2 cities', examples: 'state capitals and other large cities', days: '3-4 business days' },
  { region: 'Smaller towns', examples: 'district towns and rural PIN codes', days: '4-5 business days' },
] as const
/** The shipping policy's reading: from order to doorstep. */
export const DELIVERY_DAYS = '3-6 days'
export const DELIVERY_LOCATIONS = '500+ locations'

export const COMPLAINT_WINDOW = '48 hours'
export const GRIEVANCE_ACKNOWLEDGEMENT = '48 hours'
export const GRIEVANCE_RESOLUTION = 'one month'

export const POLICIES_LAST_UPDATED = { iso: '2026-11-22', text: '22 November 2026' } as const
