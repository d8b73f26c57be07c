// Preloaded (`node --import=./server/module-loading.ts`) by `npm start` and `npm run serve`: resolves
// the imports between a package's own modules itself (server/package-resolution.ts) and remembers
// what Node's resolver answered for every other import, per importing folder, so Node reads each
// package's package.json once rather than once or twice for each of the server's 650-odd package
// modules. What it cannot answer exactly goes to Node's resolver, which also reports every error.
import { registerHooks } from 'node:module'
import path from 'node:path'
import { resolveInPackage } from './package-resolution.ts'

type Resolved = { url: string; format?: string | null | undefined }
const answered = new Map<string, Resolved>()

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL
    // Only ES module imports from files: require() probes extensions and folders, which only Node does.
    if (!parent?.startsWith('file:') || !context.conditions?.includes('import') || specifier.startsWith('node:')) {
      return nextResolve(specifier, context)
    }
    if (Object.keys(context.importAttributes ?? {}).length === 0) {
      const own = resolveInPackage(specifier, parent)
      if (own) return { url: own.url, format: own.format, shortCircuit: true }
    }
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')) {
      return nextResolve(specifier, context)
    }
    // A package or a #subpath: the same answer for every module in the importing folder.
    const key = `${path.posix.dirname(parent)}\0${specifier}\0${context.conditions.join(',')}\0${JSON.stringify(context.importAttributes ?? {})}`
    const known = answered.get(key)
    if (known) return { ...known, shortCircuit: true }
    const result = nextResolve(specifier, context)
    answered.set(key, { url: result.url, format: result.format })
    return result
  },
})
