// The shop's WhatsApp templates are what Meta approves word for word: each must be well formed in both
// languages (the same variables, samples for each, nothing Meta refuses at review), and templateMessage()
// must build the Graph API object Meta expects, refusing every parameter Meta would refuse.
import { describe, expect, it } from 'vitest'
import {
  renderTemplateBody,
  TEMPLATE_NAMES,
  type TemplateName,
  TemplateParamsError,
  templateCreationBody,
  templateMessage,
  WHATSAPP_LOCALES,
  WHATSAPP_TEMPLATES,
} from './templates.ts'

const CONTRACT: Record<TemplateName, { category: string; count: number }> = {
  order_placed: { category: 'UTILITY', count: 4 },
  payment_received: { category: 'UTILITY', count: 3 },
  order_shipped: { category: 'UTILITY', count: 5 },
  order_shipped_no_link: { category: 'UTILITY', count: 4 },
  out_for_delivery: { category: 'UTILITY', count: 3 },
  out_for_delivery_own_rider: { category: 'UTILITY', count: 2 },
  delivery_failed: { category: 'UTILITY', count: 5 },
  order_delivered: { category: 'UTILITY', count: 3 },
  order_cancelled: { category: 'UTILITY', count: 3 },
  order_refunded: { category: 'UTILITY', count: 3 },
  delivery_otp: { category: 'AUTHENTICATION', count: 1 },
  new_order_alert: { category: 'UTILITY', count: 4 },
}

const DEVANAGARI = /[\u0900-\u097F]/
const PROMOTION = /\b(offer|discount|coupon|sale|deal|shop again|order again|% off|free)\b|ऑफ़र|छूट|कूपन|सेल/i

function variablesOf(body: string) {
  return [...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]))
}

describe('the template definitions', () => {
  it('are exactly the contracted names, categories and variable counts', () => {
    expect([...TEMPLATE_NAMES].sort()).toEqual(Object.keys(CONTRACT).sort())
    for (const name of TEMPLATE_NAMES) {
      const definition = WHATSAPP_TEMPLATES[name]
      expect(definition.category, name).toBe(CONTRACT[name].category)
      expect(definition.variables, name).toHaveLength(CONTRACT[name].count)
    }
  })

  it.each(TEMPLATE_NAMES)('%s uses variables 1..n in both languages, with a sample for each', (name) => {
    const definition = WHATSAPP_TEMPLATES[name]
    const count = definition.variables.length
    for (const locale of WHATSAPP_LOCALES) {
      const texts = definition[locale]
      const used = new Set(variablesOf(texts.body))
      expect(
        [...used].sort((a, b) => a - b),
        `${name} ${locale}`,
      ).toEqual(Array.from({ length: count }, (_, i) => i + 1))
      expect(texts.examples, `${name} ${locale}`).toHaveLength(count)
      expect(texts.body.length).toBeLessThanOrEqual(1024)
      if ('footer' in texts) {
        expect(texts.footer.length).toBeLessThanOrEqual(60)
        expect(texts.footer).not.toMatch(/\{\{/)
      }
    }
  })

  it.each(TEMPLATE_NAMES.filter((name) => WHATSAPP_TEMPLATES[name].category === 'UTILITY'))(
    '%s neither starts nor ends with a variable, and promotes nothing',
    (name) => {
      for (const locale of WHATSAPP_LOCALES) {
        const { body } = WHATSAPP_TEMPLATES[name][locale]
        expect(body, `${name} ${locale}`).not.toMatch(/^\s*\{\{\d+\}\}/)
        expect(body, `${name} ${locale}`).not.toMatch(/\{\{\d+\}\}\W{0,2}$/)
        expect(body, `${name} ${locale}`).not.toMatch(/\{\{\d+\}\}\s*\{\{\d+\}\}/)
        expect(body, `${name} ${locale}`).not.toMatch(PROMOTION)
      }
    },
  )

  it.each(TEMPLATE_NAMES)('%s is in Hindi in Devanagari, and in English without it', (name) => {
    const definition = WHATSAPP_TEMPLATES[name]
    expect(definition.hi.body).toMatch(DEVANAGARI)
    expect(definition.en.body).not.toMatch(DEVANAGARI)
    expect(definition.hi.body).not.toBe(definition.en.body)
  })

  it("delivery_otp has Meta's fixed authentication text without its 'do not share' line, and a copy-code button", () => {
    // The customer reads the code out to the shop's rider: Meta's security recommendation would forbid that.
    const otp = WHATSAPP_TEMPLATES.delivery_otp
    expect(otp.en.body).toBe('{{1}} is your verification code.')
    expect(otp.hi.body).toBe('{{1}} आपका वेरिफ़िकेशन कोड है।')
    expect(`${otp.en.body} ${otp.hi.body}`).not.toMatch(/share|शेयर/i)
    expect(otp.securityRecommendation).toBe(false)
    expect(otp.buttons).toEqual([{ type: 'COPY_CODE', text: { en: 'Copy code', hi: 'कोड कॉपी करें' } }])
    for (const locale of WHATSAPP_LOCALES) {
      expect(templateCreationBody('delivery_otp', locale)).toEqual({
        name: 'delivery_otp',
        language: locale,
        category: 'AUTHENTICATION',
        components: [
          { type: 'BODY', add_security_recommendation: false },
          { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: otp.buttons[0].text[locale] }] },
        ],
      })
    }
  })

  it('the message before the delivery OTP tells the customer to give the code to the rider', () => {
    const rider = WHATSAPP_TEMPLATES.out_for_delivery_own_rider
    expect(renderTemplateBody('out_for_delivery_own_rider', 'en', ['Priya', '4F2A9C1E'])).toBe(
      'Namaste Priya, your order #4F2A9C1E is out for delivery today with our own delivery rider.\n\nYour delivery code comes in a separate message: give it to the rider when the parcel is in your hands. The rider needs it to complete the delivery.',
    )
    expect(rider.hi.body).toContain('यह कोड राइडर को बताएँ')
    // A courier's parcel has no code of the shop's: its out-for-delivery message says nothing of one.
    expect(WHATSAPP_TEMPLATES.out_for_delivery.en.body).not.toMatch(/code/i)
  })

  it('a creation body carries the text, the footer and the samples Meta reviews', () => {
    expect(templateCreationBody('order_cancelled', 'en')).toEqual({
      name: 'order_cancelled',
      language: 'en',
      category: 'UTILITY',
      parameter_format: 'POSITIONAL',
      components: [
        {
          type: 'BODY',
          text: WHATSAPP_TEMPLATES.order_cancelled.en.body,
          example: { body_text: [['Priya', '4F2A9C1E', '+91 73140 00000']] },
        },
        { type: 'FOOTER', text: 'Malwa Namkeen · Reply STOP to stop these messages' },
      ],
    })
  })
})

describe('templateMessage', () => {
  it.each(TEMPLATE_NAMES.flatMap((name) => WHATSAPP_LOCALES.map((locale) => [name, locale] as const)))(
    '%s in %s renders its samples as positional body parameters',
    (name, locale) => {
      const params = [...WHATSAPP_TEMPLATES[name][locale].examples]
      const message = templateMessage(name, locale, params)
      expect(message.name).toBe(name)
      expect(message.language).toEqual({ code: locale, policy: 'deterministic' })
      expect(message.components[0]).toEqual({
        type: 'body',
        parameters: params.map((text) => ({ type: 'text', text })),
      })
      expect(renderTemplateBody(name, locale, params)).not.toMatch(/\{\{/)
    },
  )

  it('order_shipped carries the tracking link as body parameter 5, in order', () => {
    const params = ['Priya', '4F2A9C1E', 'Delhivery', '19041424751540', 'https://dl.example/t/19041424751540']
    expect(templateMessage('order_shipped', 'hi', params)).toEqual({
      name: 'order_shipped',
      language: { code: 'hi', policy: 'deterministic' },
      components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }],
    })
    expect(renderTemplateBody('order_shipped', 'en', params)).toContain(
      'Tracking number (AWB): 19041424751540\nTrack your parcel: https://dl.example/t/19041424751540',
    )
  })

  it('delivery_otp puts the code in the body and in the copy-code button', () => {
    expect(templateMessage('delivery_otp', 'en', ['482913'])).toEqual({
      name: 'delivery_otp',
      language: { code: 'en', policy: 'deterministic' },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
      ],
    })
  })

  it('keeps Hindi, emoji and up to four spaces in a row as they are', () => {
    const params = ['प्रिया 🙏', '4F2A9C1E', 'a    b']
    const message = templateMessage('order_cancelled', 'hi', params)
    expect(message.components[0]?.parameters.map((p) => p.text)).toEqual(params)
  })

  function refusal(name: TemplateName, params: string[], locale: 'en' | 'hi' = 'en') {
    try {
      templateMessage(name, locale, params)
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateParamsError)
      return error as TemplateParamsError
    }
    throw new Error('the parameters were accepted')
  }

  it('refuses too few and too many parameters, naming the template', () => {
    const few = refusal('order_shipped', ['Priya', '4F2A9C1E', 'Delhivery', '1904'])
    expect(few).toMatchObject({ template: 'order_shipped', locale: 'en', parameter: null, problem: 'count' })
    expect(few.message).toBe('WhatsApp template order_shipped (en): takes 5 parameters, got 4')
    const many = refusal('delivery_otp', ['482913', 'extra'], 'hi')
    expect(many).toMatchObject({ template: 'delivery_otp', locale: 'hi', problem: 'count' })
    expect(many.message).toContain('takes 1 parameter, got 2')
  })

  it('refuses an empty or blank parameter, naming it', () => {
    const empty = refusal('order_delivered', ['Priya', '', '+91 73140 00000'])
    expect(empty).toMatchObject({ parameter: 2, problem: 'empty' })
    expect(empty.message).toBe('WhatsApp template order_delivered (en): parameter 2 (order number) is empty')
    expect(refusal('order_delivered', ['   ', '4F2A9C1E', '+91 73140 00000'])).toMatchObject({
      parameter: 1,
      problem: 'empty',
    })
  })

  it.each([
    ['a newline', 'Customer\nnot available', 'newline'],
    ['a carriage return', 'Customer\rnot available', 'newline'],
    ['a tab', 'Customer\tnot available', 'newline'],
    ['five spaces in a row', 'Customer     not available', 'spaces'],
  ])('refuses a parameter with %s', (_, reason, problem) => {
    const error = refusal('delivery_failed', ['Priya', '4F2A9C1E', 'Delhivery', reason, '+91 73140 00000'])
    expect(error).toMatchObject({ template: 'delivery_failed', parameter: 4, problem })
    expect(error.message).toContain("parameter 4 (courier's reason)")
  })

  it('refuses a body parameter over 1024 characters, and accepts one of exactly 1024', () => {
    const params = (reason: string) => ['Priya', '4F2A9C1E', 'Delhivery', reason, '+91 73140 00000']
    expect(refusal('delivery_failed', params('x'.repeat(1025)))).toMatchObject({ parameter: 4, problem: 'too-long' })
    expect(() => templateMessage('order_refunded', 'en', ['Priya', '4F2A9C1E', 'x'.repeat(1024)])).toThrow(
      /filled-in body is longer than 1024/,
    )
  })

  it('refuses an OTP longer than the 15 characters a copy-code button holds, without repeating it', () => {
    const error = refusal('delivery_otp', ['1234567890123456'])
    expect(error).toMatchObject({ parameter: 1, problem: 'too-long' })
    expect(error.message).not.toContain('1234567890123456')
    expect(templateMessage('delivery_otp', 'en', ['123456789012345']).components).toHaveLength(2)
  })

  it('refuses a name that is not a template', () => {
    expect(() => templateMessage('order_confirmed' as TemplateName, 'en', [])).toThrow(/no WhatsApp template/)
  })
})
