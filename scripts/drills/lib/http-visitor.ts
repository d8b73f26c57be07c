// One visitor of the shop over HTTP, as a browser without JavaScript is: a cookie jar, forms posted
// from the shop's own origin, redirects not followed (the drills check where they go).

export interface Answer {
  status: number
  /** Where a redirect goes (path and query when it stays on the shop). */
  location: string | null
  text: string
}

export interface SendOptions {
  form?: Record<string, string>
  json?: unknown
  /** Posted from another site. */
  foreign?: boolean
  /** A stream that never ends: read it until this text arrives (or 5 s pass), then let it go. */
  streamUntil?: string
}

export class HttpVisitor {
  readonly cookies = new Map<string, string>()
  readonly baseUrl: string

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl
  }

  async send(method: string, path: string, options: SendOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {
      origin: options.foreign ? 'https://forged.example' : this.baseUrl,
      'sec-fetch-site': options.foreign ? 'cross-site' : 'same-origin',
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    let body: string | undefined
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    }
    const controller = new AbortController()
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: controller.signal,
    })
    this.keepCookies(response.headers)
    let text: string
    if (options.streamUntil !== undefined && response.body) {
      text = await readUntil(response.body, options.streamUntil)
      controller.abort()
    } else {
      text = await response.text()
    }
    const raw = response.headers.get('location')
    let location: string | null = null
    if (raw) {
      const target = new URL(raw, this.baseUrl)
      location = target.origin === new URL(this.baseUrl).origin ? `${target.pathname}${target.search}` : target.href
    }
    return { status: response.status, location, text }
  }

  get(path: string) {
    return this.send('GET', path)
  }

  post(path: string, form: Record<string, string>) {
    return this.send('POST', path, { form })
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.trim().split('=')
        return (
          (key.toLowerCase() === 'max-age' && Number(setting) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(setting) < Date.now())
        )
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

async function readUntil(body: ReadableStream<Uint8Array>, until: string): Promise<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const deadline = Date.now() + 5000
  let text = ''
  while (!text.includes(until) && Date.now() < deadline) {
    const timeLeft = new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()).unref())
    const chunk = await Promise.race([reader.read(), timeLeft])
    if (!chunk || chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  return text
}
