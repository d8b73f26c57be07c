// A signed-in shopper's address book (docs/decisions/029-saved-addresses.md): the addresses they deliver
// to again and again, each with a label, at most one of them the default.
import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/schema.ts'
import { ADDRESS_LABELS } from './address-labels.ts'

export { ADDRESS_LABELS, type AddressLabel } from './address-labels.ts'

export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label', { enum: ADDRESS_LABELS }).notNull(),
    /** The shopper's own name for the address ('Didi’s flat'): set exactly when the label is 'other'. */
    customLabel: text('custom_label'),
    /** The delivery's recipient and their mobile number (+91XXXXXXXXXX), as the checkout's form has them. */
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    /** The state or union territory in English, as the checkout's list has it. */
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_addresses_user_id_idx').on(t.userId, t.createdAt),
    // At most one default per account, whatever two requests do at once.
    uniqueIndex('saved_addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
    check('saved_addresses_label_check', sql`${t.label} in ('home', 'parents', 'office', 'other')`),
    check('saved_addresses_custom_label_check', sql`(${t.label} = 'other') = (${t.customLabel} is not null)`),
  ],
)

export type SavedAddressRow = typeof savedAddresses.$inferSelect
