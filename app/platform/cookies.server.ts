// Reading and writing the shop's own cookies (better-auth writes its own).

export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='))
      } catch {
        return null
      }
    }
  }
  return null
}

export interface CookieOptions {
  path?: string
  /** Seconds; 0 deletes the cookie. */
  maxAge: number
  secure: boolean
  /** False for a cookie the page's own script may read (nothing secret); true by default. */
  httpOnly?: boolean
}

/** A SameSite=Lax Set-Cookie value, httpOnly unless asked otherwise. */
export function serializeCookie(
  name: string,
  value: string,
  { path = '/', maxAge, secure, httpOnly = true }: CookieOptions,
): string {
  return `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAge}${httpOnly ? '; HttpOnly' : ''}; SameSite=Lax${secure ? '; Secure' : ''}`
}
