// How server/module-loading.ts resolves an import inside a package, without asking Node's resolver:
// a relative path from a package's module names its file exactly (ES modules give the extension), and
// its format follows from the extension and the package's "type", read once per folder. Node's own
// resolver finds and reads the nearest package.json again for every module it loads (for the format),
// and reads a package's `exports` again for each subpath: drizzle-orm's package.json is 179 KB, and
// for its hundred modules that was a quarter of a start's CPU and about 150 MB of garbage.
import { lstatSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type ModuleFormat = 'module' | 'commonjs' | 'json'

/** "module" or "commonjs" when the package that owns `folder` says so; null when it says nothing. */
const declaredTypes = new Map<string, 'module' | 'commonjs' | null>()

/**
 * The "type" of the package that owns files in `folder` (its nearest package.json, as Node looks for
 * it: not beyond a node_modules folder), or null when it has none, which Node decides by the source.
 */
export function declaredType(folder: string): 'module' | 'commonjs' | null {
  const known = declaredTypes.get(folder)
  if (known !== undefined) return known
  let type: 'module' | 'commonjs' | null
  let text: string | undefined
  try {
    text = readFileSync(path.join(folder, 'package.json'), 'utf8')
  } catch {
    text = undefined
  }
  if (text !== undefined) {
    const declared = (JSON.parse(text) as { type?: unknown }).type
    type = declared === 'module' || declared === 'commonjs' ? declared : null
  } else {
    const parent = path.dirname(folder)
    type = parent === folder || path.basename(folder) === 'node_modules' ? null : declaredType(parent)
  }
  declaredTypes.set(folder, type)
  return type
}

/**
 * The file and format a relative `specifier` imported (ES module import) by a module inside
 * node_modules names, or null when Node's resolver must decide: no such plain file (a folder, a
 * missing file, which Node reports), a symbolic link (Node follows it), a query or fragment, an
 * extension other than .js, .mjs, .cjs or .json.
 */
export function resolveInPackage(
  specifier: string,
  parentUrl: string,
): { url: string; format: ModuleFormat | undefined } | null {
  if (!(specifier.startsWith('./') || specifier.startsWith('../'))) return null
  if (!parentUrl.startsWith('file:') || !parentUrl.includes('/node_modules/')) return null
  const url = new URL(specifier, parentUrl)
  if (url.search || url.hash || !url.pathname.includes('/node_modules/')) return null
  const file = fileURLToPath(url)
  const stats = lstatSync(file, { throwIfNoEntry: false })
  if (!stats?.isFile()) return null
  const extension = path.extname(file)
  if (extension === '.mjs') return { url: url.href, format: 'module' }
  if (extension === '.cjs') return { url: url.href, format: 'commonjs' }
  if (extension === '.json') return { url: url.href, format: 'json' }
  if (extension !== '.js') return null
  return { url: url.href, format: declaredType(path.dirname(file)) ?? undefined }
}
