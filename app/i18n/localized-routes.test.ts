import type { RouteConfigEntry } from '@react-router/dev/routes'
import { expect, it } from 'vitest'
import routes from '../routes.ts'
import { LOCALIZED_PAGES } from './locale.ts'

/**
 * Shop addresses with no Hindi twin, each for a reason: documents for machines, files, the invoice's PDF
 * (English, as the shop files it), a provider's sign-in hop, and the offline page (its Hindi copy is the
 * worker's, at /hi/offline, not a page of the switch).
 */
const ENGLISH_ONLY = [
  'blog/feed.xml',
  'sitemap.xml',
  'robots.txt',
  'manifest.webmanifest',
  'offline',
  'uploads/*',
  'orders/:orderId/invoice.pdf',
  'auth/provider/:provider',
  '*',
]
/** The owner's panel, the machines' endpoints and the Hindi pages themselves. */
const NOT_SHOP_PAGES = /^(admin|api|ops|hi)(\/|$)/

it('gives every shop page a Hindi twin unless it is listed as English only', () => {
  const paths = (routes as RouteConfigEntry[]).map((entry) => entry.path ?? '')
  const localized: readonly string[] = LOCALIZED_PAGES
  const untranslated = paths.filter(
    (path) => !NOT_SHOP_PAGES.test(path) && !localized.includes(path) && !ENGLISH_ONLY.includes(path),
  )
  expect(untranslated, 'add it to LOCALIZED_PAGES (app/i18n/locale.ts) or to ENGLISH_ONLY here').toEqual([])
  expect(
    ENGLISH_ONLY.filter((path) => !paths.includes(path)),
    'listed but not a route',
  ).toEqual([])
})
