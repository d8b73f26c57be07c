// Every WhatsApp template the shop sends (reference/whatsapp.md), in English and Hindi: the one place
// their wording lives. Meta sends only templates it has approved, word for word, so this file is also
// what the owner submits in WhatsApp Manager (`npm run whatsapp:templates` prints it in that form) and
// what the simulator approves by default. A change here means a new submission and a new review.
// The order templates are UTILITY: about an order the customer placed, nothing else. An offer, a coupon
// or a "shop again" line would make Meta recategorise them as marketing, which needs a separate opt-in
// and costs more. Variables are positional ({{1}}, {{2}} ...); no body starts or ends with one, since
// Meta refuses such templates at review.
// templateMessage() checks the parameters before anything is sent: Meta refuses a misfit with 132000
// or 132018 after the fact, and a refusal there is a lost update.

export type WhatsAppLocale = 'en' | 'hi'

/** Meta's language codes for the shop's two languages (Meta also has locale forms such as en_US; the shop's templates use the bare ones). */
export const WHATSAPP_LANGUAGE_CODES: Record<WhatsAppLocale, string> = { en: 'en', hi: 'hi' }

export const WHATSAPP_LOCALES: readonly WhatsAppLocale[] = ['en', 'hi']

export type TemplateCategory = 'UTILITY' | 'AUTHENTICATION'

/**
 * Meta's copy-code button of an authentication template: created as an OTP button, it becomes a URL
 * button whose one parameter is the code itself (the value of body variable 1).
 */
export interface CopyCodeButton {
  type: 'COPY_CODE'
  text: Record<WhatsAppLocale, string>
}

export type TemplateButton = CopyCodeButton

export interface TemplateTexts {
  body: string
  footer?: string
  /** A sample value for each variable, in order (WhatsApp Manager asks for them at submission). */
  examples: readonly string[]
}

export interface TemplateDefinition {
  category: TemplateCategory
  /** What each variable holds, in order; the count is the template's variable count. */
  variables: readonly string[]
  en: TemplateTexts
  hi: TemplateTexts
  buttons?: readonly TemplateButton[]
  /**
   * Authentication only: Meta writes the body itself ("{{1}} is your verification code."), adding its
   * security recommendation when this is set; `body` above is its text, for previews and tests.
   */
  securityRecommendation?: boolean
}

const SHOP_PHONE_EXAMPLE = '+91 73140 00000'

// The customer can always leave: "STOP" (or "बंद") revokes the opt-in (app/whatsapp/webhook.ts).
const FOOTER_EN = 'Malwa Namkeen · Reply STOP to stop these messages'
const FOOTER_HI = 'मालवा नमकीन · ये संदेश बंद करने के लिए STOP भेजें'

export const WHATSAPP_TEMPLATES = {
  order_placed: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'order total', 'payment method'],
    en: {
      body: 'Namaste {{1}}, thank you for your order #{{2}} with Malwa Namkeen.\n\nTotal: {{3}} ({{4}}).\n\nWe will message you here when it is packed and on its way.',
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E', '₹1,249.00', 'Cash on delivery'],
    },
    hi: {
      body: 'नमस्ते {{1}}, मालवा नमकीन से ऑर्डर #{{2}} करने के लिए धन्यवाद।\n\nकुल: {{3}} ({{4}})।\n\nऑर्डर पैक होकर निकलते ही हम आपको यहीं संदेश भेजेंगे।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E', '₹1,249.00', 'कैश ऑन डिलीवरी'],
    },
  },
  payment_received: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'amount paid'],
    en: {
      body: 'Namaste {{1}}, we have received your payment for order #{{2}}: {{3}}. Thank you.',
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E', '₹1,249.00'],
    },
    hi: {
      body: 'नमस्ते {{1}}, ऑर्डर #{{2}} के लिए आपका भुगतान हमें मिल गया है: {{3}}। धन्यवाद।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E', '₹1,249.00'],
    },
  },
  order_shipped: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'courier', 'AWB (tracking number)', 'tracking link'],
    en: {
      body: 'Namaste {{1}}, your order #{{2}} has been shipped with {{3}}.\n\nTracking number (AWB): {{4}}\nTrack your parcel: {{5}}\n\nThe courier may take a few hours to show the first update.',
      footer: FOOTER_EN,
      examples: [
        'Priya',
        '4F2A9C1E',
        'Delhivery',
        '19041424751540',
        'https://www.delhivery.com/track/package/19041424751540',
      ],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका ऑर्डर #{{2}} कूरियर {{3}} से भेज दिया गया है।\n\nट्रैकिंग नंबर (AWB): {{4}}\nपार्सल ट्रैक करें: {{5}}\n\nकूरियर की पहली जानकारी आने में कुछ घंटे लग सकते हैं।',
      footer: FOOTER_HI,
      examples: [
        'प्रिया',
        '4F2A9C1E',
        'Delhivery',
        '19041424751540',
        'https://www.delhivery.com/track/package/19041424751540',
      ],
    },
  },
  order_shipped_no_link: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'courier', 'AWB (tracking number)'],
    en: {
      body: 'Namaste {{1}}, your order #{{2}} has been shipped with {{3}}.\n\nTracking number (AWB): {{4}}\n\nWe will message you again when it is out for delivery.',
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E', 'Malwa Namkeen delivery', 'MN-0412'],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका ऑर्डर #{{2}} कूरियर {{3}} से भेज दिया गया है।\n\nट्रैकिंग नंबर (AWB): {{4}}\n\nडिलीवरी के लिए निकलते ही हम आपको फिर से संदेश भेजेंगे।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E', 'मालवा नमकीन डिलीवरी', 'MN-0412'],
    },
  },
  out_for_delivery: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'courier'],
    en: {
      body: 'Namaste {{1}}, your order #{{2}} is out for delivery today with {{3}}. Please keep your phone close so the delivery person can reach you.',
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E', 'Delhivery'],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका ऑर्डर #{{2}} आज {{3}} के साथ डिलीवरी के लिए निकला है। कृपया अपना फ़ोन पास रखें ताकि डिलीवरी वाले आपसे संपर्क कर सकें।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E', 'Delhivery'],
    },
  },
  // The shop's own rider, with the delivery OTP in a message of its own (delivery_otp): Meta writes the
  // code's message and lets nothing be added to it, so this one says what the code is for.
  out_for_delivery_own_rider: {
    category: 'UTILITY',
    variables: ['customer name', 'order number'],
    en: {
      body: 'Namaste {{1}}, your order #{{2}} is out for delivery today with our own delivery rider.\n\nYour delivery code comes in a separate message: give it to the rider when the parcel is in your hands. The rider needs it to complete the delivery.',
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E'],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका ऑर्डर #{{2}} आज हमारे अपने डिलीवरी राइडर के साथ डिलीवरी के लिए निकला है।\n\nआपका डिलीवरी कोड अलग संदेश में आ रहा है: पार्सल आपके हाथ में आने पर यह कोड राइडर को बताएँ। डिलीवरी पूरी करने के लिए राइडर को इसकी ज़रूरत है।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E'],
    },
  },
  delivery_failed: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'courier', "courier's reason", 'shop phone'],
    en: {
      body: "Namaste {{1}}, {{3}} could not deliver your order #{{2}} today. The courier's reason: {{4}}.\n\nThey will try again. To help them, or to change something, call us on {{5}} (Monday to Saturday, 9 am to 6 pm).",
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E', 'Delhivery', 'Customer not available', SHOP_PHONE_EXAMPLE],
    },
    hi: {
      body: 'नमस्ते {{1}}, {{3}} आज आपका ऑर्डर #{{2}} डिलीवर नहीं कर सका। कूरियर ने कारण बताया: {{4}}।\n\nकूरियर फिर से कोशिश करेगा। उनकी मदद के लिए, या कुछ बदलने के लिए, हमें {{5}} पर कॉल करें (सोमवार से शनिवार, सुबह 9 से शाम 6 बजे)।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E', 'Delhivery', 'ग्राहक उपलब्ध नहीं था', SHOP_PHONE_EXAMPLE],
    },
  },
  order_delivered: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'shop phone'],
    en: {
      body: 'Namaste {{1}}, your order #{{2}} has been delivered. If anything is not right, call us on {{3}} within 48 hours and we will set it right.',
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E', SHOP_PHONE_EXAMPLE],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका ऑर्डर #{{2}} डिलीवर हो गया है। अगर कुछ ठीक न लगे, तो 48 घंटे के भीतर हमें {{3}} पर कॉल करें, हम उसे ठीक करेंगे।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E', SHOP_PHONE_EXAMPLE],
    },
  },
  order_cancelled: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'shop phone'],
    en: {
      body: 'Namaste {{1}}, your order #{{2}} has been cancelled. For any questions, call us on {{3}} (Monday to Saturday, 9 am to 6 pm).',
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E', SHOP_PHONE_EXAMPLE],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका ऑर्डर #{{2}} रद्द कर दिया गया है। कोई सवाल हो तो हमें {{3}} पर कॉल करें (सोमवार से शनिवार, सुबह 9 से शाम 6 बजे)।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E', SHOP_PHONE_EXAMPLE],
    },
  },
  order_refunded: {
    category: 'UTILITY',
    variables: ['customer name', 'order number', 'amount refunded'],
    en: {
      body: 'Namaste {{1}}, we have refunded {{3}} for your order #{{2}}. It goes back the way you paid and usually shows in your account within 5-7 business days.',
      footer: FOOTER_EN,
      examples: ['Priya', '4F2A9C1E', '₹1,249.00'],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपके ऑर्डर #{{2}} के {{3}} हमने लौटा दिए हैं। यह राशि उसी तरीके से वापस जाएगी जिससे आपने भुगतान किया था, और आमतौर पर 5-7 कार्यदिवसों में आपके खाते में दिख जाती है।',
      footer: FOOTER_HI,
      examples: ['प्रिया', '4F2A9C1E', '₹1,249.00'],
    },
  },
  // The rider's delivery OTP. No expiry footer: Meta's allows 1-90 minutes and the code lives 24 hours.
  // No security recommendation either: Meta's "do not share this code" would tell the customer not to
  // give it to the rider, who cannot complete the delivery without it. The message before it
  // (out_for_delivery_own_rider) says who the code is for.
  delivery_otp: {
    category: 'AUTHENTICATION',
    variables: ['delivery OTP'],
    securityRecommendation: false,
    en: {
      body: '{{1}} is your verification code.',
      examples: ['482913'],
    },
    hi: {
      body: '{{1}} आपका वेरिफ़िकेशन कोड है।',
      examples: ['482913'],
    },
    buttons: [{ type: 'COPY_CODE', text: { en: 'Copy code', hi: 'कोड कॉपी करें' } }],
  },
  new_order_alert: {
    category: 'UTILITY',
    variables: ['order number', 'order total', 'customer name', 'orders desk link'],
    en: {
      body: 'New order #{{1}} for {{2}} from {{3}}.\n\nOpen it on the orders desk: {{4}}\n\nThis alert goes to the shop owner of Malwa Namkeen.',
      examples: ['4F2A9C1E', '₹1,249.00', 'Priya Sharma', 'https://malwanamkeen.in/admin?q=4F2A9C1E'],
    },
    hi: {
      body: 'नया ऑर्डर #{{1}} आया है: {{2}}, ग्राहक {{3}}।\n\nऑर्डर डेस्क पर देखें: {{4}}\n\nयह सूचना मालवा नमकीन के मालिक के लिए है।',
      examples: ['4F2A9C1E', '₹1,249.00', 'प्रिया शर्मा', 'https://malwanamkeen.in/admin?q=4F2A9C1E'],
    },
  },
} as const satisfies Record<string, TemplateDefinition>

export type TemplateName = keyof typeof WHATSAPP_TEMPLATES

export const TEMPLATE_NAMES = Object.keys(WHATSAPP_TEMPLATES) as TemplateName[]

/** Meta's limits on a text parameter (reference/whatsapp.md; 132018 names the characters refused). */
export const BODY_PARAM_MAX = 1024
/** An authentication template's code, which also fills its copy-code button, is at most 15 characters. */
export const OTP_CODE_MAX = 15
/** The body as the customer sees it, variables filled in. */
export const BODY_TEXT_MAX = 1024

export type TemplateParamsProblem = 'count' | 'empty' | 'newline' | 'spaces' | 'too-long' | 'body-too-long'

/** Parameters that Meta would refuse; thrown before anything is sent. */
export class TemplateParamsError extends Error {
  override name = 'TemplateParamsError'
  readonly template: string
  readonly locale: WhatsAppLocale
  /** 1-based; null when the problem is the whole list or the whole body. */
  readonly parameter: number | null
  readonly problem: TemplateParamsProblem
  constructor(
    message: string,
    details: { template: string; locale: WhatsAppLocale; parameter: number | null; problem: TemplateParamsProblem },
  ) {
    super(message)
    this.template = details.template
    this.locale = details.locale
    this.parameter = details.parameter
    this.problem = details.problem
  }
}

/** By name: the server's start-up and the app's bundle each have their own copy of the class. */
export function isTemplateParamsError(error: unknown): error is TemplateParamsError {
  return error instanceof Error && error.name === 'TemplateParamsError'
}

/** A parameter of the Graph API's template object. */
export interface TextParameter {
  type: 'text'
  text: string
}

export type TemplateComponent =
  | { type: 'body'; parameters: TextParameter[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: TextParameter[] }

/** The `template` object of a Graph API send (POST /{phone-number-id}/messages). */
export interface TemplateMessage {
  name: TemplateName
  language: { code: string; policy: 'deterministic' }
  components: TemplateComponent[]
}

export function templateDefinition(name: TemplateName): TemplateDefinition {
  return WHATSAPP_TEMPLATES[name]
}

/** The body with its variables filled in, as the customer reads it. */
export function renderTemplateBody(name: TemplateName, locale: WhatsAppLocale, params: readonly string[]): string {
  return WHATSAPP_TEMPLATES[name][locale].body.replace(
    /\{\{(\d+)\}\}/g,
    (_, position: string) => params[Number(position) - 1] ?? '',
  )
}

/**
 * The Graph API `template` object for a send, after checking that every parameter is one Meta accepts
 * (count, non-empty, no newline or tab, at most four spaces in a row, length). A misfit throws a
 * TemplateParamsError naming the template and the parameter; its message never repeats the value (a
 * parameter may be a customer's OTP).
 */
export function templateMessage(
  name: TemplateName,
  locale: WhatsAppLocale,
  params: readonly string[],
): TemplateMessage {
  const definition: TemplateDefinition = WHATSAPP_TEMPLATES[name]
  if (!definition) throw new Error(`no WhatsApp template named ${String(name)}`)
  const refuse = (problem: TemplateParamsProblem, parameter: number | null, why: string) => {
    const which = parameter === null ? '' : ` parameter ${parameter} (${definition.variables[parameter - 1]})`
    return new TemplateParamsError(`WhatsApp template ${name} (${locale}):${which} ${why}`, {
      template: name,
      locale,
      parameter,
      problem,
    })
  }
  const expected = definition.variables.length
  if (params.length !== expected) {
    throw refuse('count', null, `takes ${expected} parameter${expected === 1 ? '' : 's'}, got ${params.length}`)
  }
  const copyCode = definition.buttons?.some((button) => button.type === 'COPY_CODE') ?? false
  params.forEach((value, index) => {
    const position = index + 1
    if (typeof value !== 'string' || value.trim() === '') throw refuse('empty', position, 'is empty')
    if (/[\n\r\t]/.test(value)) throw refuse('newline', position, 'contains a newline or a tab')
    if (/ {5}/.test(value)) throw refuse('spaces', position, 'contains more than 4 spaces in a row')
    // Lengths in UTF-16 units, never fewer than Meta's characters: a parameter passing here passes there.
    const max = copyCode && position === 1 ? OTP_CODE_MAX : BODY_PARAM_MAX
    if (value.length > max) throw refuse('too-long', position, `is longer than ${max} characters`)
  })
  if (definition.category !== 'AUTHENTICATION' && renderTemplateBody(name, locale, params).length > BODY_TEXT_MAX) {
    throw refuse('body-too-long', null, `the filled-in body is longer than ${BODY_TEXT_MAX} characters`)
  }
  const text = (value: string): TextParameter => ({ type: 'text', text: value })
  const components: TemplateComponent[] = []
  if (expected > 0) components.push({ type: 'body', parameters: params.map(text) })
  definition.buttons?.forEach((button, index) => {
    if (button.type === 'COPY_CODE') {
      components.push({ type: 'button', sub_type: 'url', index: String(index), parameters: [text(params[0]!)] })
    }
  })
  return { name, language: { code: WHATSAPP_LANGUAGE_CODES[locale], policy: 'deterministic' }, components }
}

/** The body of `POST /{waba-id}/message_templates` creating one template in one language. */
export function templateCreationBody(name: TemplateName, locale: WhatsAppLocale): Record<string, unknown> {
  const definition: TemplateDefinition = WHATSAPP_TEMPLATES[name]
  const texts = definition[locale]
  const language = WHATSAPP_LANGUAGE_CODES[locale]
  if (definition.category === 'AUTHENTICATION') {
    // Meta writes an authentication body itself: the request only says which of its additions to show.
    return {
      name,
      language,
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', add_security_recommendation: definition.securityRecommendation ?? false },
        {
          type: 'BUTTONS',
          buttons: (definition.buttons ?? []).map((button) => ({
            type: 'OTP',
            otp_type: 'COPY_CODE',
            text: button.text[locale],
          })),
        },
      ],
    }
  }
  const components: Record<string, unknown>[] = [
    { type: 'BODY', text: texts.body, example: { body_text: [[...texts.examples]] } },
  ]
  if (texts.footer) components.push({ type: 'FOOTER', text: texts.footer })
  return { name, language, category: definition.category, parameter_format: 'POSITIONAL', components }
}
