// WhatsApp Cloud API sends (reference/whatsapp.md): POST {baseUrl}/{version}/{phone-number-id}/messages
// with the system user's bearer token. The base URL is configuration so that the local simulator
// (server/whatsapp-simulator.ts) stands in for graph.facebook.com.
// A send is made once, never retried here: a repeat can become a second message on the customer's
// phone. A failure is a WhatsAppSendError whose `action` says what the caller (the outbox, which keeps
// the same row for a retry) does next, decided on Meta's error code alone, as Meta asks; `lostAnswer`
// says the request may have been accepted although no answer came (a timeout or a dropped connection).
// The access token never leaves this file: every text of an error passes through scrub().
import { type TemplateName, templateMessage, type WhatsAppLocale } from './templates.ts'

export const WHATSAPP_GRAPH_BASE_URL = 'https://graph.facebook.com'
export const WHATSAPP_GRAPH_VERSION = 'v23.0'
/** biz_opaque_callback_data's limit. */
export const CALLBACK_DATA_MAX_BYTES = 512

/**
 * What to do after a failed send:
 * - retry: transient (5xx, network, timeout, 130429 throughput, 131000, 131016, 4 and 80007 rate limits), with backoff;
 * - pair-rate: 131056, too many messages to this customer just now: wait, then retry once;
 * - token: 190, the access token is expired or invalid: stop sending and alert the owner;
 * - fallback: this message cannot go by WhatsApp (131026 undeliverable, 132015/132016 template paused or
 *   disabled, 131047 outside the window): send it by SMS or e-mail;
 * - permanent: anything else (132xxx, 131008/131009, 131051, 0/3/10/200-299, 368, 131031, 131048, 131042,
 *   131030, codes not known here): a bug or a configuration problem, never retried.
 */
export type WhatsAppAction = 'retry' | 'pair-rate' | 'token' | 'fallback' | 'permanent'

const RETRY_CODES = new Set([130429, 131000, 131016, 4, 80007])
const FALLBACK_CODES = new Set([131026, 132015, 132016, 131047])
// The reference's "do not retry" codes; 200-299 and the 132xxx template codes are ranges, below.
const PERMANENT_CODES = new Set([
  0, 3, 10, 100, 368, 131008, 131009, 131030, 131031, 131042, 131048, 131049, 131050, 131051,
])

/**
 * The reference's table, on the Graph error code. The HTTP status counts only where the code says
 * nothing: no code at all (a gateway's HTML page, a network failure as status 0), or a code the table
 * does not know arriving with a 5xx (Meta's side failed).
 */
export function classifyWhatsAppCode(code: number | null, httpStatus: number): WhatsAppAction {
  if (code === null) {
    if (httpStatus === 0 || httpStatus === 429 || httpStatus >= 500) return 'retry'
    return httpStatus === 401 ? 'token' : 'permanent'
  }
  if (code === 190) return 'token'
  if (code === 131056) return 'pair-rate'
  if (RETRY_CODES.has(code)) return 'retry'
  if (FALLBACK_CODES.has(code)) return 'fallback'
  if (PERMANENT_CODES.has(code) || (code >= 200 && code <= 299) || (code >= 132000 && code <= 132999)) {
    return 'permanent'
  }
  return httpStatus >= 500 ? 'retry' : 'permanent'
}

/** A send that failed. Its texts never contain the access token. httpStatus 0: no HTTP answer. */
export class WhatsAppSendError extends Error {
  override name = 'WhatsAppSendError'
  /** Meta's error code (error.code), or null without one. */
  readonly code: number | null
  readonly subcode: number | null
  readonly httpStatus: number
  /** error_data.details, else Meta's message, else what went wrong on the way. */
  readonly details: string
  readonly action: WhatsAppAction
  /** The request went out and no answer came back: Meta may have accepted the message. */
  readonly lostAnswer: boolean
  readonly fbtraceId: string | null
  constructor(
    message: string,
    fields: {
      code: number | null
      subcode?: number | null
      httpStatus: number
      details: string
      lostAnswer?: boolean
      fbtraceId?: string | null
      action?: WhatsAppAction
    },
  ) {
    super(message)
    this.code = fields.code
    this.subcode = fields.subcode ?? null
    this.httpStatus = fields.httpStatus
    this.details = fields.details
    this.action = fields.action ?? classifyWhatsAppCode(fields.code, fields.httpStatus)
    this.lostAnswer = fields.lostAnswer ?? false
    this.fbtraceId = fields.fbtraceId ?? null
  }
}

/** By name: the server's start-up and the app's bundle each have their own copy of the class. */
export function isWhatsAppSendError(error: unknown): error is WhatsAppSendError {
  return error instanceof Error && error.name === 'WhatsAppSendError'
}

export interface WhatsAppClientOptions {
  accessToken: string
  phoneNumberId: string
  /** 'v23.0' */
  graphVersion: string
  /** 'https://graph.facebook.com', or the simulator's URL */
  baseUrl: string
  /** The whole exchange, answer included. Default 10 s. */
  timeoutMs?: number
  fetch?: typeof fetch
}

export interface SendTemplateInput {
  /** As the shop stores it: '+919876543210'. */
  to: string
  template: TemplateName
  locale: WhatsAppLocale
  params: readonly string[]
  /** biz_opaque_callback_data, echoed in every status webhook: the order and the event. At most 512 bytes. */
  callbackData?: string
}

export interface SendTextInput {
  to: string
  /** Free-form text: only inside the customer's 24-hour window (a reply to their message), else 131047. */
  text: string
  callbackData?: string
}

export interface SentMessage {
  wamid: string
  /** 'accepted' or 'held_for_quality_assessment': neither means delivered. */
  messageStatus: string
}

export interface WhatsAppClient {
  /** Throws a TemplateParamsError before sending for parameters Meta would refuse, a WhatsAppSendError for a failed send. */
  sendTemplate(input: SendTemplateInput): Promise<SentMessage>
  sendText(input: SendTextInput): Promise<SentMessage>
}

// Failures raised before a connection exists: the request never left.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

interface GraphError {
  message?: unknown
  type?: unknown
  code?: unknown
  error_subcode?: unknown
  error_user_msg?: unknown
  error_data?: { details?: unknown }
  fbtrace_id?: unknown
}

export function createWhatsAppClient(options: WhatsAppClientOptions): WhatsAppClient {
  const fetcher = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000
  const url = `${options.baseUrl.replace(/\/+$/, '')}/${options.graphVersion}/${options.phoneNumberId}/messages`
  const secret = options.accessToken

  function scrub(text: string): string {
    return secret ? text.replaceAll(secret, '[token]') : text
  }

  function failure(message: string, fields: ConstructorParameters<typeof WhatsAppSendError>[1]) {
    return new WhatsAppSendError(scrub(message), { ...fields, details: scrub(fields.details) })
  }

  function recipient(to: string): string {
    // The shop keeps +91XXXXXXXXXX; Meta wants the digits with the country code and nothing else.
    const digits = to.replace(/^\+/, '')
    if (!/^[1-9]\d{7,14}$/.test(digits)) {
      throw failure('WhatsApp recipient is not a phone number in international form', {
        code: null,
        httpStatus: 0,
        details: 'the recipient must be + and 8 to 15 digits, country code first',
        action: 'permanent',
      })
    }
    return digits
  }

  function callback(data: string | undefined): { biz_opaque_callback_data?: string } {
    if (data === undefined) return {}
    if (Buffer.byteLength(data, 'utf8') > CALLBACK_DATA_MAX_BYTES) {
      throw failure('WhatsApp callback data is longer than 512 bytes', {
        code: null,
        httpStatus: 0,
        details: 'biz_opaque_callback_data holds at most 512 bytes',
        action: 'permanent',
      })
    }
    return { biz_opaque_callback_data: data }
  }

  async function post(body: Record<string, unknown>): Promise<SentMessage> {
    let status: number
    let bytes: Uint8Array
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      const response = await fetcher(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${secret}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal,
      })
      status = response.status
      // Within the same timeout: an answer that stalls halfway is as lost as one that never comes.
      bytes = new Uint8Array(await response.arrayBuffer())
    } catch (error) {
      throw transportFailure(error, signal.aborted)
    }
    const json = parse(bytes)
    if (status >= 200 && status < 300) {
      const first = Array.isArray(json.messages) ? (json.messages[0] as Record<string, unknown> | undefined) : undefined
      if (typeof first?.id === 'string' && first.id) {
        return {
          wamid: first.id,
          messageStatus: typeof first.message_status === 'string' ? first.message_status : 'accepted',
        }
      }
      // A 2xx without a wamid: whether the message went is unknown, as with a lost answer.
      throw failure(`WhatsApp answered HTTP ${status} without a message id`, {
        code: null,
        httpStatus: status,
        details: 'the answer carried no messages[0].id',
        lostAnswer: true,
        action: 'retry',
      })
    }
    const error = (typeof json.error === 'object' && json.error !== null ? json.error : {}) as GraphError
    const code = typeof error.code === 'number' ? error.code : null
    const said = typeof error.message === 'string' ? error.message : null
    const details =
      typeof error.error_data?.details === 'string'
        ? error.error_data.details
        : (said ?? (bytes.length > 0 ? `HTTP ${status} without a Graph error` : `HTTP ${status}, empty answer`))
    const title = said ?? `HTTP ${status}`
    throw failure(`WhatsApp refused the message (${code === null ? `HTTP ${status}` : `code ${code}`}): ${title}`, {
      code,
      subcode: typeof error.error_subcode === 'number' ? error.error_subcode : null,
      httpStatus: status,
      details,
      fbtraceId: typeof error.fbtrace_id === 'string' ? error.fbtrace_id : null,
    })
  }

  /** No HTTP answer: timed out, dropped, or never connected. Only the last is sure not to have been sent. */
  function transportFailure(error: unknown, timedOut: boolean): WhatsAppSendError {
    const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause
    const causeCode = typeof cause?.code === 'string' ? cause.code : null
    const ownCode = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : null
    const reason = causeCode ?? ownCode
    if (timedOut || (error as Error | undefined)?.name === 'TimeoutError') {
      return failure(`WhatsApp did not answer within ${timeoutMs / 1000} s`, {
        code: null,
        httpStatus: 0,
        details: 'timeout: the message may have been accepted',
        lostAnswer: true,
        action: 'retry',
      })
    }
    const notSent = reason !== null && NOT_SENT_CODES.has(reason)
    return failure(notSent ? 'WhatsApp could not be reached' : 'The connection to WhatsApp broke before an answer', {
      code: null,
      httpStatus: 0,
      details: notSent
        ? `not sent (${reason})`
        : `no answer (${reason ?? 'connection closed'}): the message may have been accepted`,
      lostAnswer: !notSent,
      action: 'retry',
    })
  }

  return {
    async sendTemplate(input) {
      const template = templateMessage(input.template, input.locale, input.params)
      return post({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: recipient(input.to),
        type: 'template',
        template,
        ...callback(input.callbackData),
      })
    },
    async sendText(input) {
      if (input.text.trim() === '') {
        throw failure('A WhatsApp text message needs some text', {
          code: null,
          httpStatus: 0,
          details: 'text.body is empty',
          action: 'permanent',
        })
      }
      return post({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: recipient(input.to),
        type: 'text',
        text: { body: input.text, preview_url: false },
        ...callback(input.callbackData),
      })
    },
  }
}

function parse(bytes: Uint8Array): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    // A gateway's HTML page or an empty answer: no Graph error to read.
    return {}
  }
}
