// The WhatsApp webhook's reading (reference/whatsapp.md): the signature over the raw bytes (the
// reference's test vector, and a body whose Hindi and emoji are \uXXXX escapes, as Meta sends them),
// the handshake, every status and message of a batch, and the rule that never lowers a message's state.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  handshakeChallenge,
  higherStatus,
  isDeliveredStatus,
  isRightSignature,
  isStopMessage,
  readWhatsAppWebhook,
  STATUS_RANK,
} from './webhook.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
const sign = (body: Uint8Array | string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

describe('isRightSignature', () => {
  const VECTOR_BODY = '{"object":"whatsapp_business_account","entry":[]}'
  const VECTOR_SIGNATURE = 'sha256=dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756'

  it("accepts the reference's test vector", () => {
    expect(isRightSignature(bytes(VECTOR_BODY), VECTOR_SIGNATURE, 'test_app_secret')).toBe(true)
  })

  it('takes the same digest in uppercase hex', () => {
    expect(
      isRightSignature(
        bytes(VECTOR_BODY),
        VECTOR_SIGNATURE.toUpperCase().replace('SHA256', 'sha256'),
        'test_app_secret',
      ),
    ).toBe(true)
  })

  it('refuses the vector with another secret, another body, or one byte more', () => {
    expect(isRightSignature(bytes(VECTOR_BODY), VECTOR_SIGNATURE, 'test_app_secreT')).toBe(false)
    expect(isRightSignature(bytes(VECTOR_BODY.replace('[]', '[ ]')), VECTOR_SIGNATURE, 'test_app_secret')).toBe(false)
    expect(isRightSignature(bytes(`${VECTOR_BODY}\n`), VECTOR_SIGNATURE, 'test_app_secret')).toBe(false)
  })

  it('refuses a missing, malformed or truncated header, and an empty secret', () => {
    const body = bytes(VECTOR_BODY)
    for (const header of [
      null,
      '',
      'dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756',
      'sha1=dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756',
      'sha256=dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c63375',
      'sha256=dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756ff',
      'sha256=zec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756',
      'sha256=',
      'SHA256=dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756',
      ' sha256 = dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756',
    ]) {
      expect(isRightSignature(body, header, 'test_app_secret'), String(header)).toBe(false)
    }
    expect(isRightSignature(body, sign(body, ''), '')).toBe(false)
  })

  it('checks the bytes received: a body with Hindi and emoji escaped as \\uXXXX, not its re-serialised JSON', () => {
    const raw =
      '{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{"contacts":[{"profile":{"name":"\\u092a\\u094d\\u0930\\u093f\\u092f\\u093e \\ud83d\\ude4f"},"wa_id":"919876543210"}],"messages":[{"from":"919876543210","id":"wamid.X","timestamp":"1773129600","type":"text","text":{"body":"\\u092c\\u0902\\u0926"}}]}}]}]}'
    const secret = 'test_app_secret'
    const header = sign(raw, secret)
    expect(isRightSignature(bytes(raw), header, secret)).toBe(true)
    const reserialised = JSON.stringify(JSON.parse(raw))
    expect(reserialised).toContain('प्रिया 🙏')
    expect(isRightSignature(bytes(reserialised), header, secret)).toBe(false)
    expect(readWhatsAppWebhook(JSON.parse(raw)).inbound[0]).toMatchObject({ text: 'बंद', profileName: 'प्रिया 🙏' })
  })
})

describe('handshakeChallenge', () => {
  const url = (query: string) => new URL(`https://shop.example/hooks/whatsapp?${query}`)

  it('answers the challenge to subscribe with the right token', () => {
    expect(
      handshakeChallenge(
        url('hub.mode=subscribe&hub.verify_token=meatball-42&hub.challenge=1158201444'),
        'meatball-42',
      ),
    ).toBe('1158201444')
  })

  it('answers nothing for a wrong or missing token, another mode, no challenge, or no configured token', () => {
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=meatball-43&hub.challenge=1158201444',
      'hub.mode=subscribe&hub.verify_token=meatball-4&hub.challenge=1158201444',
      'hub.mode=subscribe&hub.challenge=1158201444',
      'hub.mode=unsubscribe&hub.verify_token=meatball-42&hub.challenge=1158201444',
      'hub.mode=subscribe&hub.verify_token=meatball-42',
      'hub.mode=subscribe&hub.verify_token=meatball-42&hub.challenge=%3Cscript%3E',
    ]) {
      expect(handshakeChallenge(url(query), 'meatball-42'), query).toBeNull()
    }
    expect(handshakeChallenge(url('hub.mode=subscribe&hub.verify_token=&hub.challenge=1'), '')).toBeNull()
  })
})

describe('readWhatsAppWebhook', () => {
  const metadata = { display_phone_number: '917314000000', phone_number_id: '106540352242922' }

  it('reads every status and message of every entry and change, and skips other fields', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata,
                statuses: [
                  {
                    id: 'wamid.A',
                    status: 'delivered',
                    timestamp: '1773129600',
                    recipient_id: '919876543210',
                    biz_opaque_callback_data: 'order:4F2A9C1E;event:shipped',
                    pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
                    conversation: { id: 'c1', origin: { type: 'utility' } },
                    something_new: { nested: true },
                  },
                  {
                    id: 'wamid.B',
                    status: 'failed',
                    timestamp: '1773129655',
                    recipient_id: '919876543211',
                    errors: [
                      {
                        code: 131026,
                        title: 'Message undeliverable',
                        message: 'Message undeliverable',
                        error_data: { details: 'Message Undeliverable.' },
                      },
                    ],
                  },
                ],
              },
            },
            { field: 'message_template_status_update', value: { event: 'PAUSED', message_template_name: 'x' } },
          ],
        },
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                metadata,
                contacts: [{ profile: { name: 'Priya' }, wa_id: '919876543210' }],
                messages: [
                  {
                    from: '919876543210',
                    id: 'wamid.IN1',
                    timestamp: '1773129700',
                    type: 'text',
                    text: { body: 'STOP' },
                  },
                  { from: '919876543210', id: 'wamid.IN2', timestamp: 1773129701, type: 'image', image: { id: 'm1' } },
                  {
                    from: '919876543210',
                    id: 'wamid.IN3',
                    timestamp: '1773129702',
                    type: 'button',
                    button: { text: 'Stop' },
                  },
                ],
                statuses: [{ id: 'wamid.C', status: 'read', timestamp: '1773129800', recipient_id: '919876543212' }],
              },
            },
          ],
        },
      ],
    }
    const { statuses, inbound } = readWhatsAppWebhook(body)
    expect(statuses).toEqual([
      {
        wamid: 'wamid.A',
        status: 'delivered',
        at: new Date(1_773_129_600_000),
        recipientId: '919876543210',
        callbackData: 'order:4F2A9C1E;event:shipped',
        error: null,
        phoneNumberId: '106540352242922',
        pricingCategory: 'utility',
      },
      {
        wamid: 'wamid.B',
        status: 'failed',
        at: new Date(1_773_129_655_000),
        recipientId: '919876543211',
        callbackData: null,
        error: { code: 131026, title: 'Message undeliverable', details: 'Message Undeliverable.' },
        phoneNumberId: '106540352242922',
        pricingCategory: null,
      },
      expect.objectContaining({ wamid: 'wamid.C', status: 'read', at: new Date(1_773_129_800_000) }),
    ])
    expect(inbound).toEqual([
      {
        from: '919876543210',
        id: 'wamid.IN1',
        at: new Date(1_773_129_700_000),
        text: 'STOP',
        type: 'text',
        profileName: 'Priya',
        phoneNumberId: '106540352242922',
      },
      expect.objectContaining({ id: 'wamid.IN2', type: 'image', text: null, at: new Date(1_773_129_701_000) }),
      expect.objectContaining({ id: 'wamid.IN3', type: 'button', text: 'Stop' }),
    ])
  })

  it('reads nothing from another object, garbage or items without an id, and survives a bad timestamp', () => {
    expect(readWhatsAppWebhook(null)).toEqual({ statuses: [], inbound: [] })
    expect(readWhatsAppWebhook('x')).toEqual({ statuses: [], inbound: [] })
    expect(readWhatsAppWebhook({ object: 'page', entry: [{ changes: [{ field: 'messages', value: {} }] }] })).toEqual({
      statuses: [],
      inbound: [],
    })
    const odd = readWhatsAppWebhook({
      object: 'whatsapp_business_account',
      entry: [
        { changes: 'no' },
        {
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [{ status: 'sent' }, { id: 'wamid.D', status: 'sent', timestamp: 'soon' }, 7],
                messages: [{ id: 'x' }],
              },
            },
          ],
        },
      ],
    })
    expect(odd.inbound).toEqual([])
    expect(odd.statuses).toHaveLength(1)
    expect(odd.statuses[0]).toMatchObject({ wamid: 'wamid.D', status: 'sent', recipientId: null, phoneNumberId: null })
    expect(Number.isNaN(odd.statuses[0]!.at.getTime())).toBe(false)
  })
})

describe('higherStatus', () => {
  it('ranks sent < delivered < read', () => {
    expect(STATUS_RANK.sent).toBeLessThan(STATUS_RANK.delivered!)
    expect(STATUS_RANK.delivered).toBeLessThan(STATUS_RANK.read!)
  })

  it.each([
    [null, 'sent', 'sent'],
    [null, 'read', 'read'],
    [null, 'failed', 'failed'],
    ['sent', 'delivered', 'delivered'],
    ['sent', 'read', 'read'],
    ['delivered', 'read', 'read'],
    ['read', 'delivered', 'read'],
    ['read', 'sent', 'read'],
    ['delivered', 'sent', 'delivered'],
    ['delivered', 'delivered', 'delivered'],
    ['sent', 'failed', 'failed'],
    ['delivered', 'failed', 'delivered'],
    ['read', 'failed', 'read'],
    ['failed', 'delivered', 'delivered'],
    ['failed', 'read', 'read'],
    ['failed', 'sent', 'failed'],
    ['failed', 'failed', 'failed'],
    ['read', 'played', 'read'],
    ['sent', 'deleted', 'sent'],
  ])('%s then %s keeps %s', (current, incoming, kept) => {
    expect(higherStatus(current, incoming)).toBe(kept)
  })

  it('treats read as delivered', () => {
    expect(isDeliveredStatus('read')).toBe(true)
    expect(isDeliveredStatus('delivered')).toBe(true)
    expect(isDeliveredStatus('sent')).toBe(false)
    expect(isDeliveredStatus('failed')).toBe(false)
    expect(isDeliveredStatus(null)).toBe(false)
  })
})

describe('isStopMessage', () => {
  it.each(['STOP', 'stop', 'Stop', ' stop. ', 'STOP!', 'UNSUBSCRIBE', 'Unsubscribe', 'बंद', 'बंद करें', 'बंद।', 'रोकें'])(
    '%j asks to stop',
    (text) => {
      expect(isStopMessage(text)).toBe(true)
    },
  )

  it.each([
    null,
    '',
    'stop sending the sev, send bundi instead',
    'please stop',
    "don't stop",
    'बंद डिब्बा',
    'stopped',
    'Where is my order?',
  ])('%j does not', (text) => {
    expect(isStopMessage(text)).toBe(false)
  })
})
