// The audit log's record kinds (the `entity` of app/platform/audit.server.ts) and their names in lists.
/** The record kinds the log can be filtered by, as the list names them. */
export const AUDIT_ENTITIES = {
  order: 'Orders',
  product: 'Products',
  category: 'Categories',
  blog: 'Blogs',
  settings: 'Settings',
  coupon: 'Coupons',
  'delivery-zone': 'Delivery zones',
  message: 'Messages',
  review: 'Reviews',
  upload: 'Uploads',
  push: 'Push notifications',
  /** A customer's merge of two accounts (app/accounts/linking.server.ts). */
  account: 'Accounts',
} as const

export type AuditEntity = keyof typeof AUDIT_ENTITIES
