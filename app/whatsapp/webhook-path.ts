/** Where Meta posts WhatsApp's webhooks (statuses of sent messages, customers' replies) and checks the handshake. */
export const WHATSAPP_WEBHOOK_PATH = '/api/hooks/whatsapp'
