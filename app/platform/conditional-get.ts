// Conditional requests: a client that holds a copy asks with If-None-Match, and a 304 spares the body.

/** Whether an If-None-Match header names this ETag (weak or strong, or '*'). */
export function ifNoneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const wanted = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value.replace(/^W\//, '') === wanted
  })
}
