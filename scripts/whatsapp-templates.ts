// npm run whatsapp:templates [-- --json]
// Prints every WhatsApp template (app/whatsapp/templates.ts) the way WhatsApp Manager asks for it
// (Message templates > Create template), so the owner can submit each by hand: name, category,
// language, the texts, buttons and a sample for each variable. Meta sends only what it approved, word
// for word, so copy them exactly. With --json: the bodies for POST /{waba-id}/message_templates,
// one per template and language, for submitting through the Graph API instead.
import { parseArgs } from 'node:util'
import {
  TEMPLATE_NAMES,
  type TemplateDefinition,
  templateCreationBody,
  WHATSAPP_LANGUAGE_CODES,
  WHATSAPP_LOCALES,
  WHATSAPP_TEMPLATES,
  type WhatsAppLocale,
} from '#app/whatsapp/templates.ts'

const LANGUAGE_NAMES: Record<WhatsAppLocale, string> = { en: 'English', hi: 'Hindi' }

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } })

if (values.json) {
  const bodies = TEMPLATE_NAMES.flatMap((name) => WHATSAPP_LOCALES.map((locale) => templateCreationBody(name, locale)))
  process.stdout.write(`${JSON.stringify(bodies, null, 2)}\n`)
} else {
  process.stdout.write(manual())
}

function manual(): string {
  const lines = [
    `WhatsApp templates: ${TEMPLATE_NAMES.length} templates, each in ${WHATSAPP_LOCALES.map((l) => LANGUAGE_NAMES[l]).join(' and ')}.`,
    'Create each in WhatsApp Manager > Message templates > Create template, with exactly this name, category,',
    "language and text. Variables are numbered ({{1}}, {{2}} ...): choose 'Number' as the variable type.",
    '',
  ]
  for (const name of TEMPLATE_NAMES) {
    const definition: TemplateDefinition = WHATSAPP_TEMPLATES[name]
    for (const locale of WHATSAPP_LOCALES) {
      lines.push(...section(name, definition, locale), '')
    }
  }
  return `${lines.join('\n')}\n`
}

function section(name: string, definition: TemplateDefinition, locale: WhatsAppLocale): string[] {
  const texts = definition[locale]
  const rule = '-'.repeat(72)
  const head = [
    rule,
    `Name:      ${name}`,
    `Category:  ${definition.category}`,
    `Language:  ${LANGUAGE_NAMES[locale]} (${WHATSAPP_LANGUAGE_CODES[locale]})`,
  ]
  if (definition.category === 'AUTHENTICATION') {
    return [
      ...head,
      "Type:      One-time passcode, 'Copy code'",
      'Body:      written by Meta, not typed in:',
      ...indent(texts.body),
      `Security recommendation: ${definition.securityRecommendation ? 'yes (tick "Add security recommendation")' : 'no (leave "Add security recommendation" unticked)'}`,
      'Expiration warning: no (the delivery OTP lives 24 hours; Meta allows 1-90 minutes)',
      ...buttons(definition, locale),
      `Sample:    {{1}} (${definition.variables[0]}) = ${texts.examples[0]}`,
    ]
  }
  return [
    ...head,
    'Header:    none',
    'Body:',
    ...indent(texts.body),
    `Footer:    ${texts.footer ?? 'none'}`,
    ...buttons(definition, locale),
    'Samples:',
    ...definition.variables.map((meaning, index) => `  {{${index + 1}}} ${meaning}: ${texts.examples[index]}`),
  ]
}

function buttons(definition: TemplateDefinition, locale: WhatsAppLocale): string[] {
  if (!definition.buttons?.length) return ['Buttons:   none']
  return definition.buttons.map(
    (button) => `Button:    ${button.type === 'COPY_CODE' ? 'Copy code' : button.type}, "${button.text[locale]}"`,
  )
}

function indent(text: string): string[] {
  return text.split('\n').map((line) => (line ? `  | ${line}` : '  |'))
}
