import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { beforeAll, describe, expect, it } from 'vitest'
import routes from '#app/routes.ts'
import { declaresHydration, pageHydrates, READING_PAGE } from './page-hydration.ts'

const appDir = fileURLToPath(new URL('..', import.meta.url))

/** The pages a shopper only reads, by route id: they ship no framework (issue 33). */
const READING_PAGES = [
  'about',
  'faq',
  'blog',
  'blog/:slug',
  'quality-policy',
  'terms-and-conditions',
  'privacy-policy',
  'shipping-policy',
]

/** Every route of app/routes.ts, nested ones included, with React Router's id for it. */
function allRoutes(entries: RouteConfigEntry[]): { id: string; file: string }[] {
  return entries.flatMap((entry) => [
    // React Router's id for a route without one: its file, without the extension.
    { id: entry.id ?? entry.file.replace(/\.[^.]+$/, ''), file: entry.file },
    ...allRoutes(entry.children ?? []),
  ])
}

/** Each route's module, imported once for the file (importing them all takes seconds). */
let imported: Promise<{ id: string; file: string; page: boolean; handle: unknown }[]> | undefined
function declarations() {
  imported ??= Promise.all(
    allRoutes(routes).map(async ({ id, file }) => {
      const module = (await import(path.join(appDir, file))) as { default?: unknown; handle?: unknown }
      return { id, file, page: typeof module.default === 'function', handle: module.handle }
    }),
  )
  return imported
}

describe('which pages hydrate (handle.hydrate)', () => {
  beforeAll(() => declarations(), 60_000)

  it('is declared, true or false, by every route that renders a page, in English and in Hindi', async () => {
    const all = await declarations()
    expect(all.filter((route) => route.page).length).toBeGreaterThan(50)
    const undeclared = all.filter((route) => route.page && !declaresHydration(route.handle))
    expect(undeclared.map((route) => `${route.id} (${route.file})`)).toEqual([])
  })

  it('is not declared by a route without a page (a feed, an endpoint, the offline page)', async () => {
    const declared = (await declarations()).filter((route) => !route.page && declaresHydration(route.handle))
    expect(declared.map((route) => route.id)).toEqual([])
  })

  it('is false for exactly the pages a shopper only reads, their Hindi twins and the 404 pages', async () => {
    const reading = (await declarations())
      .filter((route) => route.page && declaresHydration(route.handle) && !route.handle.hydrate)
      .map((route) => route.id)
    expect(reading.sort()).toEqual(
      [
        ...READING_PAGES.map((page) => `routes/${page === 'blog/:slug' ? 'blog-post' : page}`),
        ...READING_PAGES.map((page) => `hi/${page}`),
        'routes/not-found',
        'hi/not-found',
      ].sort(),
    )
  })
})

describe('pageHydrates: what the root reads', () => {
  const root = { handle: undefined }

  it('follows the page’s own route, not the root or a layout above it', () => {
    expect(pageHydrates([root, { handle: READING_PAGE }])).toBe(false)
    expect(pageHydrates([root, { handle: { hydrate: true } }, { handle: READING_PAGE }])).toBe(false)
    expect(pageHydrates([root, { handle: READING_PAGE }, { handle: { hydrate: true } }])).toBe(true)
  })

  it('keeps the scripts of a route that declares nothing, or declares it other than as a boolean', () => {
    expect(pageHydrates([root])).toBe(true)
    expect(pageHydrates([root, { handle: { crumbs: () => [] } }])).toBe(true)
    expect(pageHydrates([root, { handle: { hydrate: 'false' } }])).toBe(true)
    expect(pageHydrates([])).toBe(true)
  })

  it('reads a handle that also names the breadcrumbs', () => {
    expect(pageHydrates([root, { handle: { ...READING_PAGE, crumbs: () => [] } }])).toBe(false)
  })
})
