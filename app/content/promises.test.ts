import { describe, expect, it } from 'vitest'
import { m } from '#app/paraglide/messages.js'
import {
  EMAIL_RESPONSE,
  GRIEVANCE_ACKNOWLEDGEMENT,
  GRIEVANCE_RESOLUTION,
  MESSAGE_REPLY,
  PHONE_HOURS,
} from './promises.ts'

describe("the shop's promises in the message catalogue", () => {
  it('say in English exactly what promises.ts says, so the pages in both languages promise the same', () => {
    expect(m.promise_message_reply({}, { locale: 'en' })).toBe(MESSAGE_REPLY)
    expect(m.promise_email_response({}, { locale: 'en' })).toBe(EMAIL_RESPONSE)
    expect(m.promise_phone_hours({}, { locale: 'en' })).toBe(PHONE_HOURS)
    expect(m.promise_grievance_acknowledgement({}, { locale: 'en' })).toBe(GRIEVANCE_ACKNOWLEDGEMENT)
    expect(m.promise_grievance_resolution({}, { locale: 'en' })).toBe(GRIEVANCE_RESOLUTION)
  })

  it('say the same periods in Hindi', () => {
    expect(m.promise_message_reply({}, { locale: 'hi' })).toBe('24 घंटे')
    expect(m.promise_grievance_resolution({}, { locale: 'hi' })).toBe('एक महीने')
  })
})
