// The spec's texts for online payment (sections 4 and 8), shared by the pages and the server.
export const PAYMENT_START_FAILED = 'Failed to initiate PhonePe payment. Please try again.'
export const PAYMENT_SUCCESSFUL = 'Payment Successful!'
export const PAYMENT_FAILED = 'Payment Failed - Your payment could not be processed. Please try again.'
export const PAYMENT_PENDING = 'Payment Pending - still being processed, we will notify you'
export const VERIFY_FAILED = 'Unable to verify payment status. Please contact support.'
export const INVALID_REQUEST = 'Invalid Request - No order ID found. Redirecting to home.'
