// The server's composition (server/composition.ts and the app modules it imports) bundled into one
// ES module in the build folder, <build>/server-composition/composition.js, with a chunk for each
// module it imports only when configured (the simulators). Made by the build (the fingerprint's
// plugin, scripts/build-fingerprint.ts, before it writes the fingerprint); server/main.ts runs it when
// the build is current. Node then loads one file of plain JavaScript instead of resolving, stripping
// and compiling about a hundred TypeScript modules and Hono's at every start.
//
// Packages stay outside the bundle (Node loads them from node_modules as before), except Hono, which
// only the composition uses: React Router, React, Drizzle, better-auth and zod are also the server
// build's, and one copy of each must serve both (an error class checked with instanceof, React
// Router's context); the drivers, sharp, nodemailer, web-push, qrcode and the PDF packages are loaded
// at their first use and stay so.
//
// The bundle keeps its own copy of the app's modules, as the sources did: its message runtime is not
// the server build's, so a message formatted here without a locale is in the base language (English),
// never in the language of a request being rendered, and notices keep the locale they are given.
import path from 'node:path'

/** Where the bundle is, relative to the build folder. */
export const COMPOSITION_BUNDLE = path.join('server-composition', 'composition.js')
/** Set by server/main.ts before it imports the bundle: the file URL of the checkout's root, with a slash. */
export const SOURCE_ROOT = Symbol.for('malwa:source-root')
/** Set by scripts/start.ts to the build folder it has found current (or just built). */
export const BUILD_CHECKED = Symbol.for('malwa:build-checked')

/** Packages bundled with the composition: used by nobody else, and plain ES modules. */
const BUNDLED_PACKAGES = new Set(['hono', '@hono/node-server'])

function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

/** Bundles server/composition.ts under `root` into `buildDir`. */
export async function bundleServer(root: string, buildDir: string): Promise<void> {
  const esbuild = await import('esbuild')
  const outdir = path.join(buildDir, path.dirname(COMPOSITION_BUNDLE))
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { composition: path.join(root, 'server/composition.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'warning',
    // Each module's import.meta.url becomes its source file's (under the root server/main.ts names):
    // the migrations folder, the project root and package files are found from there, as before.
    banner: {
      js: `const __sourceRoot = globalThis[Symbol.for('malwa:source-root')] ?? new URL('../../', import.meta.url).href;`,
    },
    plugins: [
      {
        name: 'malwa:server-bundle',
        setup(build) {
          build.onResolve({ filter: /^[^./#]/ }, (args) => {
            if (args.path.startsWith('node:')) return { path: args.path, external: true }
            if (BUNDLED_PACKAGES.has(packageOf(args.path))) return undefined
            return { path: args.path, external: true }
          })
          build.onLoad({ filter: /\.(ts|tsx|js)$/ }, async (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
            const { readFile } = await import('node:fs/promises')
            const source = await readFile(args.path, 'utf8')
            if (!source.includes('import.meta.url')) return undefined
            const relative = path.relative(root, args.path).split(path.sep).join('/')
            const url = `new URL(${JSON.stringify(relative)}, __sourceRoot).href`
            const extension = path.extname(args.path).slice(1) as 'ts' | 'tsx' | 'js'
            return { contents: source.replaceAll('import.meta.url', url), loader: extension }
          })
        },
      },
    ],
  })
}
