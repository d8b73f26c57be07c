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
    // The owner's Hindi version for /hi/blog; empty is no translation, and the English shows there.
    titleHi: text('title_hi').notNull().default(''),
    excerptHi: text('excerpt_hi').notNull().default(''),
    /** Markdown. */
    contentHi: text('content_hi').notNull().default(''),
    author: text('author').notNull().default('Malwa Namkeen Team'),
    imageUrl: text('image_url'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blogs_published_created_idx').on(t.isPublished, t.createdAt.desc())],
)
