// Where uploads live, behind one small interface: a folder (DATA_DIR/uploads) here, or an
// S3-compatible bucket (s3-store.server.ts); upload-store.server.ts chooses by configuration. Stored
// files never change: every upload gets a new random key, so an answer may be cached for ever.
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { FileStore } from '#app/platform/file-store.ts'

/** Keys are made by the shop ('products/<id>-640.webp'); anything else is a bug, refused loudly. */
const KEY = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*\.[a-z0-9]+$/

export function assertStoreKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`)
}

export function createDiskStore(root: string): FileStore {
  const fileOf = (key: string) => {
    assertStoreKey(key)
    return path.join(root, ...key.split('/'))
  }
  return {
    kind: 'disk',
    async put(key, data) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.part`
      try {
        await writeFile(partial, data)
        await rename(partial, file)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    },
    async get(key) {
      const file = fileOf(key)
      const info = await stat(file).catch(missing)
      if (!info?.isFile()) return null
      return {
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        size: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      }
    },
    async exists(key) {
      return Boolean((await stat(fileOf(key)).catch(missing))?.isFile())
    },
  }
}

function missing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null
  throw error
}
