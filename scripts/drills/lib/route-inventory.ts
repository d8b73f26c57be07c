// Every route of app/routes.ts as a drill needs it: its path pattern, whether it has a page, a loader,
// an action, and the intents and field names its action reads (found in its module and the #app
// modules it imports), so a new route is covered without editing a drill.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RouteConfigEntry } from '@react-router/dev/routes'

const root = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)))

export interface RouteEntry {
  /** The path pattern, e.g. '/admin/orders/:orderId' or '/uploads/*'. */
  pattern: string
  file: string
  page: boolean
  loader: boolean
  action: boolean
  /** Names of the path's parameters (':slug' → 'slug'; '*' → '*'). */
  params: string[]
  /** Intent values and form field names found in the route's module and what it imports from #app. */
  intents: string[]
  fields: string[]
}

export async function routeInventory(): Promise<RouteEntry[]> {
  const { default: routes } = (await import(path.join(root, 'app/routes.ts'))) as { default: RouteConfigEntry[] }
  const entries: RouteEntry[] = []
  const walk = (list: RouteConfigEntry[], parent: string) => {
    for (const route of list) {
      const pattern = route.index ? parent || '/' : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/')
      entries.push(describeRoute(pattern, route.file))
      if (route.children) walk(route.children, pattern === '/' ? '' : pattern)
    }
  }
  walk(routes, '')
  return entries
}

function describeRoute(pattern: string, file: string): RouteEntry {
  const source = readFileSync(path.join(root, 'app', file), 'utf8')
  const sources = [source, ...importedSources(source)]
  const all = sources.join('\n')
  return {
    pattern,
    file,
    page: /export default function/.test(source),
    loader: /export (async )?function loader|export const loader/.test(source),
    action: /export (async )?function action|export const action/.test(source),
    params: [...pattern.matchAll(/:(\w+)|(\*)/g)].map((match) => match[1] ?? '*'),
    intents: unique([
      ...matches(all, /intent[^\n]{0,40}?['"]([a-z][a-z-]{1,30})['"]/g),
      ...matches(all, /z\.literal\(['"]([a-z][a-z-]{1,30})['"]\)/g),
      ...matches(all, /case ['"]([a-z][a-z-]{1,30})['"]:/g),
    ]),
    fields: unique([
      ...matches(all, /\.get\(['"]([A-Za-z][\w-]{0,40})['"]\)/g),
      ...matches(all, /name="([A-Za-z][\w-]{0,40})"/g),
    ]),
  }
}

/** The #app modules a source imports, read one level deep. */
function importedSources(source: string): string[] {
  return matches(source, /from '#app\/([^']+)'/g).flatMap((file) => {
    try {
      return [readFileSync(path.join(root, 'app', file), 'utf8')]
    } catch {
      return []
    }
  })
}

function matches(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1]!)
}

function unique(values: string[]): string[] {
  return [...new Set(values)].sort()
}
