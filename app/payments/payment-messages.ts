// The spec's texts for online payment (sections 4 and 8), shared by the pages and the server, in the
// page's language (messages/*.json, keys payment_*): each is a message function, called when shown.
import { m } from '#app/paraglide/messages.js'

export const paymentStartFailed = m.payment_start_failed
export const paymentSuccessful = m.payment_successful
export const paymentFailed = { title: m.payment_failed_title, detail: m.payment_failed_detail }
export const paymentPending = { title: m.payment_pending_title, detail: m.payment_pending_detail }
export const verifyFailed = m.payment_verify_failed
export const invalidRequest = { title: m.payment_invalid_title, detail: m.payment_invalid_detail }
