import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt').notNull(),
    /** Markdown. */
    content: text('content').notNull(),
    author: text('author').notNull().default('Malwa Namkeen Team'),
    imageUrl: text('image_url'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blogs_published_created_idx').on(t.isPublished, t.createdAt.desc())],
)
