// What the shop needs of a file store (uploaded images): the platform's services carry one; app/media
// implements it on a folder or an S3-compatible bucket.

export interface StoredFile {
  body: ReadableStream<Uint8Array>
  size: number
  /** A strong validator for If-None-Match, quoted as HTTP wants it. */
  etag: string
}

export interface FileStore {
  readonly kind: 'disk' | 's3'
  put(key: string, data: Uint8Array, contentType: string): Promise<void>
  /** The file as a stream with its size, or null when there is no such file. */
  get(key: string): Promise<StoredFile | null>
  exists(key: string): Promise<boolean>
}
