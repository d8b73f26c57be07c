// Which store holds the uploads, chosen once at start-up (server/main.ts) from the configuration.
import path from 'node:path'
import type { Config } from '#app/platform/config.server.ts'
import type { FileStore } from '#app/platform/file-store.ts'
import { createDiskStore } from './file-store.server.ts'
import { createS3Store } from './s3-store.server.ts'

/** The S3-compatible store when S3_BUCKET is set, else the folder DATA_DIR/uploads. */
export function createUploadStore(config: Config, dataDir: string): FileStore {
  return config.s3 ? createS3Store(config.s3) : createDiskStore(path.join(dataDir, 'uploads'))
}
