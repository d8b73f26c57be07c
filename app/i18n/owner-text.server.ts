// The owner's texts (product names, descriptions, posts) in a page's language, chosen in SQL so a
// page's data carries one language, never both: on Hindi pages the owner's Hindi where there is
// some, the English where the Hindi is empty. docs/decisions/024-hindi.md.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import type { Locale } from './locale.ts'

export function inLanguage(english: AnyColumn, hindi: AnyColumn, locale: Locale): SQL<string> {
  return locale === 'hi' ? sql<string>`coalesce(nullif(${hindi}, ''), ${english})` : sql<string>`${english}`
}
