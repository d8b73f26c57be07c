// The browser files of a production build, compressed once at build time: beside each compressible
// file, a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy where it saves more than the
// headers it adds (Content-Encoding and Vary; a 0.7 KB script becomes 0.4 KB), which the server
// sends as the browser accepts (server/app.ts, serveStatic's `precompressed`). Compressing per request
// cost the server CPU for every new visitor and could only use gzip; Brotli is about 15 % smaller.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Files a browser receives as text (what the server's compression would otherwise handle). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|xml|txt|html|ico)$/
/** What a compressed answer's own headers (`Content-Encoding: br`, `Vary: Accept-Encoding`) cost. */
const HEADER_BYTES = 64

/** After every environment is built, and after the service worker (listed before it in vite.config.ts). */
export function precompress(): Plugin {
  return {
    name: 'malwa:precompress',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const client = builder.environments.client
        if (!client) return
        const clientDir = path.resolve(client.config.root, client.config.build.outDir)
        const written = await precompressFolder(clientDir)
        client.config.logger.info(`precompressed ${written} files with Brotli and gzip`)
      },
    },
  }
}

export async function precompressFolder(folder: string): Promise<number> {
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
  let written = 0
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ])
      // gzip saves less than Brotli: where Brotli is not worth its headers, neither copy is.
      if (br.byteLength + HEADER_BYTES >= content.byteLength) return
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
      written++
    }),
  )
  return written
}
