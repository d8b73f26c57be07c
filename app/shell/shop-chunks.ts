// How the browser build is cut into chunks (a Vite plugin, used by vite.config.ts). Left to itself,
// Rolldown made a chunk of every module two routes share: a shop page loaded about 50 files, a Lucide
// icon per file, each with its own request and headers (about 1 KB apiece), six at a time over
// HTTP/1.1. Two chunks now hold what every page that hydrates loads: `framework` (React, React DOM,
// React Router and the browser entry) and `shell`: what the root route imports statically (header,
// footer, cart button, the shared UI) and the app's own modules (and icons) that the home page or the
// catalogue shares with another route. Every page route imports some of those (the SEO helpers), so
// they cost no page a file of its own. `buying` holds what the product page shares with other routes
// but not with the home page or the catalogue (the delivery check, the review form, form fields),
// `shopper` what checkout shares with other pages (the cart drawer's totals, form fields, delivery
// texts), `orders` what only the shopper's other pages (sign-in, the account, the orders) share (the
// admin panel may load either), and `push` the push banner and switch. Everything else keeps
// Rolldown's automatic splitting by route, so a route's own code, the admin panel's code, libraries
// such as zod and the lazily loaded parts (cart drawer, toasts, validation schemas) stay out of the
// shop's first load. A chunk group also takes in what its modules import, so the cart drawer,
// loaded on a browsing page when it is opened, loads `shopper` for the totals it shares with checkout.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/
/** The browser's entry module (React Router's own, or app/entry.client.tsx): it goes with the framework. */
const CLIENT_ENTRY = /[\\/]entry\.client\.[jt]sx?$/
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/
/** A route's browser entry, as React Router names it (the module's path and a query). */
const ROUTE_ENTRY = /[\\/]app[\\/]routes[\\/][^?]*\?/
/** The pages a visitor browses first, which hydrate (the blog's do not: app/shell/page-hydration.ts). */
const BROWSING_ROUTE = /[\\/]app[\\/]routes[\\/](home|products|product)\.tsx\?/
/** The product page: what it alone of the browsing pages shares goes to `buying`, not the shell. */
const PRODUCT_ROUTE = /[\\/]app[\\/]routes[\\/]product\.tsx\?/
/** Checkout (English and Hindi alike: the same module). */
const CHECKOUT_ROUTE = /[\\/]app[\\/]routes[\\/]checkout\.tsx\?/
/** The shopper's own pages: signing in, checkout, the account and the orders. */
const SHOPPER_ROUTE =
  /[\\/]app[\\/]routes[\\/](cart|checkout|auth|account|my-orders|order-success|payment-status|track-order|order-invoice|reviews)\.tsx?\?/
const ADMIN_ROUTE = /[\\/]app[\\/]routes[\\/]admin[.\\/]/
/** The push banner and switch, loaded together once the device turns out to support push. */
const PUSH_UI = /[\\/]app[\\/]notifications[\\/]push-(banner|switch)\.tsx$/
/** Small enough to share among routes: the app's own modules and icons, not libraries such as zod. */
const SHAREABLE = (id: string) => !id.includes('node_modules') || id.includes('lucide-react')

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importers: readonly string[]; importedIds: readonly string[]; dynamicImporters: readonly string[] } | null
}

/** `id` and every module that imports it statically, directly or not (importers, walked up). */
function ancestors(graph: ModuleGraph, known: Map<string, string[]>) {
  return (id: string): string[] => {
    const cached = known.get(id)
    if (cached) return cached
    const seen = new Set([id])
    const queue = [id]
    for (let next = queue.pop(); next !== undefined; next = queue.pop())
      for (const importer of graph.getModuleInfo(next)?.importers ?? [])
        if (!seen.has(importer)) seen.add(importer) && queue.push(importer)
    known.set(id, [...seen])
    return known.get(id)!
  }
}

/**
 * Whether `id` imports, directly or not, a library outside the framework and the shell (a chunk
 * group takes in the modules its members import, so one such module would bring zod along).
 */
function pullsLibrary(graph: ModuleGraph, inShell: (id: string) => boolean, known: Map<string, boolean>) {
  return (id: string): boolean => {
    const cached = known.get(id)
    if (cached !== undefined) return cached
    const seen = new Set([id])
    const stack = [id]
    let found = false
    for (let next = stack.pop(); next !== undefined && !found; next = stack.pop()) {
      if (!SHAREABLE(next) || known.get(next)) found = true
      for (const dependency of graph.getModuleInfo(next)?.importedIds ?? [])
        if (!seen.has(dependency) && !FRAMEWORK.test(dependency) && !inShell(dependency))
          seen.add(dependency) && stack.push(dependency)
    }
    known.set(id, found)
    return found
  }
}

/**
 * Lucide's and Radix's entry modules import every icon (about 1,700) and every primitive, so in the
 * module graph whatever the app uses of them anywhere, the admin panel's too, hangs off any module that
 * imports the package. Named imports from them become imports of the one module each name comes from
 * (the entry module's own re-export), so that module lands in the chunk of the code that uses it.
 */
const BARRELS: Record<string, { pattern: RegExp; statement: (local: string, source: string) => string }> = {
  // export { default as LucideX, default as X, default as XIcon } from './icons/x.mjs';
  'lucide-react': {
    pattern: /export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.mjs)'/g,
    statement: (local, source) => `import ${local} from ${JSON.stringify(source)};`,
  },
  // import * as Dialog from "@radix-ui/react-dialog";
  'radix-ui': {
    pattern: /import \* as (\w+) from "(@radix-ui\/[\w-]+)"/g,
    statement: (local, source) => `import * as ${local} from ${JSON.stringify(source)};`,
  },
}
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](lucide-react|radix-ui)["'];?/g

type Resolve = (source: string, importer: string) => Promise<{ id: string } | null>

/** `import { m } from '#app/paraglide/messages.js'`: Paraglide's namespace of every message. */
const MESSAGES_IMPORT = /import\s*\{\s*m\s*\}\s*from\s*["']([^"']*paraglide\/messages\.js)["'];?/

interface SyntaxNode {
  type: string
  [key: string]: unknown
}

/**
 * The messages a module reads from its `m` (`m.name`), from its syntax tree. Any other use of the name
 * `m` (as a value, indexed, or a local variable or parameter of that name) is an error: the module's
 * `m` could not be replaced by the messages it names.
 */
export function messageNames(program: SyntaxNode): string[] {
  const names = new Set<string>()
  const visit = (node: unknown, parent?: SyntaxNode, key?: string): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent, key)
      return
    }
    if (!node || typeof node !== 'object' || typeof (node as SyntaxNode).type !== 'string') return
    const current = node as SyntaxNode
    if (current.type === 'Identifier' && current.name === 'm') {
      const named = parent && !parent.computed && key === (parent.type === 'MemberExpression' ? 'property' : 'key')
      if (parent?.type === 'ImportSpecifier' || named) return
      const member = parent?.type === 'MemberExpression' && key === 'object' && !parent.computed
      if (!member) throw new Error(`\`m\` is used at ${current.start} other than as m.<message>`)
      names.add((parent.property as { name: string }).name)
      return
    }
    for (const [childKey, child] of Object.entries(current))
      if (child && typeof child === 'object') visit(child, current, childKey)
  }
  visit(program)
  return [...names]
}

/**
 * Paraglide's `m` is one module that imports every message (about 900 modules, each in both
 * languages). Rolldown drops the messages no code calls, but the chunk groups below read the module
 * graph, in which every message hangs off any module that imports `m`: all the messages the browser
 * uses anywhere went into `shell`, 37 KB gzipped on every page. A module's `m` becomes an object of
 * the messages it names, each imported from its own module, so a message lands with the code that
 * uses it. What the rewrite cannot follow fails the build.
 */
async function importMessagesDirectly(
  code: string,
  id: string,
  resolve: Resolve,
  parse: (code: string) => SyntaxNode,
): Promise<string> {
  const match = MESSAGES_IMPORT.exec(code)
  if (!match) return code
  const namespace = await resolve(match[1]!, id)
  if (!namespace) throw new Error(`cannot resolve ${match[1]}`)
  const folder = path.join(path.dirname(namespace.id), 'messages')
  const names = messageNames(parse(code))
  const missing = names.filter((name) => !existsSync(path.join(folder, `${name}.js`)))
  // Paraglide names a message's module after its key only for snake_case keys (the project's style).
  if (missing.length) throw new Error(`no message module for m.${missing.join(', m.')} (keys are snake_case)`)
  const imports = names
    .map((name) => `import { ${name} as m$${name} } from ${JSON.stringify(path.join(folder, `${name}.js`))};`)
    .join('')
  return code.replace(match[0], `${imports}const m = { ${names.map((name) => `${name}: m$${name}`).join(', ')} };`)
}

/** Each name the package's entry module exports, and the module it comes from. */
async function barrelExports(pkg: string, importer: string, resolve: Resolve): Promise<Map<string, string>> {
  const barrel = await resolve(pkg, importer)
  if (!barrel) throw new Error(`cannot resolve ${pkg}`)
  const sources = new Map<string, string>()
  for (const [, names, source] of readFileSync(barrel.id, 'utf8').matchAll(BARRELS[pkg]!.pattern)) {
    const resolved = await resolve(source!, barrel.id)
    if (!resolved) continue
    for (const name of names!.matchAll(/\w+(?=\s*(,|$))/g)) sources.set(name[0], resolved.id)
  }
  return sources
}

/**
 * The shop's own maker of Lucide's icon components (app/ui/lucide-icon.ts), which each icon module
 * calls, in the browser and server builds alike (the markup of both must match for hydration).
 */
const LUCIDE_ICON = fileURLToPath(new URL('../ui/lucide-icon.ts', import.meta.url))

export function shopChunks(): Plugin {
  const barrels = new Map<string, Promise<Map<string, string>>>()
  return {
    name: 'malwa:shop-chunks',
    apply: 'build',
    load: {
      filter: { id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/ },
      handler: () => `export { default } from ${JSON.stringify(LUCIDE_ICON)}`,
    },
    transform: {
      filter: { id: /[\\/]app[\\/][^?]*\.tsx?(\?|$)/, code: /lucide-react|radix-ui|paraglide\/messages\.js/ },
      async handler(code, id) {
        if (this.environment.name !== 'client') return
        const resolve: Resolve = (source, importer) => this.resolve(source, importer)
        let result = await importMessagesDirectly(
          code,
          id,
          resolve,
          (text) => this.parse(text) as unknown as SyntaxNode,
        )
        for (const [statement, specifiers, pkg] of code.matchAll(BARREL_IMPORT)) {
          if (!barrels.has(pkg!)) barrels.set(pkg!, barrelExports(pkg!, id, resolve))
          const sources = await barrels.get(pkg!)!
          const imports = specifiers!.split(',').map((part) => part.trim().split(/\s+as\s+/))
          if (imports.some(([name]) => name && !sources.has(name))) continue
          const replacement = imports
            .filter(([name]) => name)
            .map(([name, local]) => BARRELS[pkg!]!.statement(local ?? name!, sources.get(name!)!))
            .join('')
          result = result.replace(statement, replacement)
        }
        return result
      },
    },
    // React Router names entry chunks after their entry module: the framework, which now holds the
    // browser entry, keeps its own name (framework-<hash>.js), as the page cache's tests look for it.
    outputOptions(options) {
      if (this.environment.name !== 'client') return
      const named = options.entryFileNames
      return {
        ...options,
        entryFileNames: (chunk) =>
          chunk.moduleIds.some((id) => FRAMEWORK.test(id))
            ? 'assets/framework-[hash].js'
            : typeof named === 'function'
              ? named(chunk)
              : (named ?? 'assets/[name]-[hash].js'),
      }
    },
    configEnvironment(name) {
      if (name !== 'client') return
      const importers = new Map<string, string[]>()
      const pulling = new Map<string, boolean>()
      const inShell = (graph: ModuleGraph) => (id: string) =>
        ancestors(graph, importers)(id).some((module) => ROOT_ROUTE.test(module))
      /**
       * Whether `id` is one of the app's own modules that two entries or more load (routes, or code that
       * is imported lazily, such as the cart drawer), and the routes among them accept it.
       */
      const sharedBy = (accept: (routes: string[]) => boolean) => (id: string, graph: ModuleGraph) => {
        if (!SHAREABLE(id)) return false
        const loaders = ancestors(graph, importers)(id)
        const routes = loaders.filter((module) => ROUTE_ENTRY.test(module))
        const lazy = loaders.filter((module) => graph.getModuleInfo(module)?.dynamicImporters.length)
        return routes.length + lazy.length >= 2 && accept(routes) && !pullsLibrary(graph, inShell(graph), pulling)(id)
      }
      const browsingOf = (routes: string[]) => routes.filter((route) => BROWSING_ROUTE.test(route))
      /** Shared by the home page or the catalogue (and maybe the product page) with another route. */
      const browsingShared = sharedBy((routes) => browsingOf(routes).some((route) => !PRODUCT_ROUTE.test(route)))
      /** Shared by the product page, of the browsing pages, with another route. */
      const productShared = sharedBy((routes) => {
        const browsing = browsingOf(routes)
        return browsing.length > 0 && browsing.every((route) => PRODUCT_ROUTE.test(route))
      })
      /** Shared by checkout with another page or a part loaded later (not the browsing pages: shell, buying). */
      const checkoutShared = sharedBy((routes) => routes.some((route) => CHECKOUT_ROUTE.test(route)))
      /** Shared among the shopper's own pages (and maybe the admin panel). */
      const shopperShared = sharedBy(
        (routes) =>
          routes.some((route) => SHOPPER_ROUTE.test(route)) &&
          routes.every((route) => SHOPPER_ROUTE.test(route) || ADMIN_ROUTE.test(route)),
      )
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: (id) => FRAMEWORK.test(id) || CLIENT_ENTRY.test(id), priority: 2 },
                  {
                    name: (id, graph) => (inShell(graph)(id) || browsingShared(id, graph) ? 'shell' : null),
                    priority: 1,
                  },
                  { name: 'push', test: PUSH_UI },
                  { name: (id, graph) => (productShared(id, graph) ? 'buying' : null) },
                  { name: (id, graph) => (checkoutShared(id, graph) ? 'shopper' : null) },
                  { name: (id, graph) => (shopperShared(id, graph) ? 'orders' : null) },
                ],
              },
            },
          },
        },
      }
    },
  }
}
