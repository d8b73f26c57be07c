import { describe, expect, it } from 'vitest'
import { m } from '#app/paraglide/messages.js'
import {
  COMPLAINT_WINDOW,
  DELIVERY_BUSINESS_DAYS,
  DELIVERY_LOCATIONS,
  EMAIL_RESPONSE,
  GRIEVANCE_ACKNOWLEDGEMENT,
  GRIEVANCE_RESOLUTION,
  MESSAGE_REPLY,
  PHONE_HOURS,
  POLICIES_LAST_UPDATED,
  PROCESSING_TIME,
} from './promises.ts'

describe("the shop's promises in the message catalogue", () => {
  it('say in English exactly what promises.ts says, so the pages in both languages promise the same', () => {
    expect(m.promise_message_reply({}, { locale: 'en' })).toBe(MESSAGE_REPLY)
    expect(m.promise_email_response({}, { locale: 'en' })).toBe(EMAIL_RESPONSE)
    expect(m.promise_phone_hours({}, { locale: 'en' })).toBe(PHONE_HOURS)
    expect(m.promise_grievance_acknowledgement({}, { locale: 'en' })).toBe(GRIEVANCE_ACKNOWLEDGEMENT)
    expect(m.promise_grievance_resolution({}, { locale: 'en' })).toBe(GRIEVANCE_RESOLUTION)
    expect(m.promise_processing_time({}, { locale: 'en' })).toBe(PROCESSING_TIME)
    expect(m.promise_delivery_business_days({}, { locale: 'en' })).toBe(DELIVERY_BUSINESS_DAYS)
    expect(m.promise_delivery_locations({}, { locale: 'en' })).toBe(DELIVERY_LOCATIONS)
    expect(m.promise_complaint_window({}, { locale: 'en' })).toBe(COMPLAINT_WINDOW)
    expect(m.policy_last_updated_date({}, { locale: 'en' })).toBe(POLICIES_LAST_UPDATED.text)
  })

  it('say the same periods in Hindi', () => {
    expect(m.promise_message_reply({}, { locale: 'hi' })).toBe('24 घंटे')
    expect(m.promise_grievance_resolution({}, { locale: 'hi' })).toBe('एक महीने')
  })
})
