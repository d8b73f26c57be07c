// The upload store on any S3-compatible service (AWS S3, Cloudflare R2, MinIO, ...): three calls
// (PUT, GET, HEAD of one object) signed with AWS Signature Version 4 over fetch. A full SDK would
// bring megabytes of code to the server's start-up for these three requests.
import { createHash, createHmac } from 'node:crypto'
import type { S3Settings } from '#app/platform/config.server.ts'
import type { FileStore } from '#app/platform/file-store.ts'
import { assertStoreKey } from './file-store.server.ts'

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex')
const TIMEOUT_MS = 30_000

export interface SignInput {
  method: string
  url: URL
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  headers?: Record<string, string>
  payloadSha256: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  now: Date
}

/** RFC 3986 encoding, as Signature V4 wants it (encodeURIComponent leaves !'()* alone). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

const hmac = (key: string | Buffer, value: string) => createHmac('sha256', key).update(value).digest()
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The headers that sign one request for the service 's3' (Authorization, x-amz-date, x-amz-content-sha256). */
export function signS3Request(input: SignInput): Record<string, string> {
  const amzDate = input.now.toISOString().replace(/[-:]|\.\d{3}/g, '')
  const day = amzDate.slice(0, 8)
  const headers: Record<string, string> = {
    host: input.url.host,
    'x-amz-content-sha256': input.payloadSha256,
    'x-amz-date': amzDate,
    ...input.headers,
  }
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort()
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  const query = [...input.url.searchParams]
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&')
  const canonicalRequest = [
    input.method,
    input.url.pathname
      .split('/')
      .map((segment) => encode(decodeURIComponent(segment)))
      .join('/'),
    query,
    ...names.map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, ' ')}`),
    '',
    names.join(';'),
    input.payloadSha256,
  ].join('\n')
  const scope = `${day}/${input.region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n')
  const signingKey = ['s3', 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region),
  )
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex')
  const { host: _host, ...sent } = headers
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  }
}

export class S3Error extends Error {
  override name = 'S3Error'
}

export function createS3Store(settings: S3Settings, clock: () => Date = () => new Date()): FileStore {
  const endpoint = new URL(settings.endpoint)
  const base = endpoint.pathname.replace(/\/+$/, '')

  const urlOf = (key: string) => {
    assertStoreKey(key)
    if (settings.forcePathStyle) return new URL(`${endpoint.origin}${base}/${settings.bucket}/${key}`)
    return new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}${base}/${key}`)
  }

  const send = async (method: string, key: string, body?: Uint8Array, contentType?: string) => {
    const url = urlOf(key)
    const headers = signS3Request({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadSha256: body ? createHash('sha256').update(body).digest('hex') : EMPTY_SHA256,
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      now: clock(),
    })
    return fetch(url, {
      method,
      headers,
      body: body as Uint8Array<ArrayBuffer> | undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  }

  const fail = async (what: string, key: string, response: Response): Promise<never> => {
    const detail = (await response.text().catch(() => '')).slice(0, 300)
    throw new S3Error(`S3 ${what} ${key} answered ${response.status}: ${detail}`)
  }

  return {
    kind: 's3',
    async put(key, data, contentType) {
      const response = await send('PUT', key, data, contentType)
      if (!response.ok) await fail('PUT', key, response)
      await response.body?.cancel()
    },
    async get(key) {
      const response = await send('GET', key)
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      if (!response.ok || !response.body) return fail('GET', key, response)
      return {
        body: response.body,
        size: Number(response.headers.get('content-length') ?? 0),
        etag: response.headers.get('etag') ?? `"${sha256(key)}"`,
      }
    },
    async exists(key) {
      const response = await send('HEAD', key)
      if (response.status === 404) return false
      if (!response.ok) return fail('HEAD', key, response)
      return true
    },
  }
}
