/** Where PhonePe sends its server-to-server callbacks (configure this URL in PhonePe's dashboard). */
export const PHONEPE_WEBHOOK_PATH = '/api/payments/phonepe/webhook'
