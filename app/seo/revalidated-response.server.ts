// Answers for documents that change whenever the admin publishes (the sitemap, the blog's feed).
// A shared cache or a crawler may keep them, but must ask again before each use: the ETag makes that
// question cheap (304, no body), and a change is visible at once instead of after an hour.
import { createHash } from 'node:crypto'
import { ifNoneMatchHits } from '#app/platform/conditional-get.ts'

export function revalidatedResponse(
  request: Request,
  body: string,
  { contentType, lastModified }: { contentType: string; lastModified?: Date },
): Response {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
  const headers = new Headers({ 'Cache-Control': 'public, no-cache', ETag: etag })
  if (lastModified) headers.set('Last-Modified', lastModified.toUTCString())
  if (ifNoneMatchHits(request.headers.get('If-None-Match'), etag)) {
    return new Response(null, { status: 304, headers })
  }
  headers.set('Content-Type', contentType)
  return new Response(request.method === 'HEAD' ? null : body, { headers })
}
