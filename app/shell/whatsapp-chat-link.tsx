// Click to chat (issue "WhatsApp order updates", item 7): a wa.me link whose first message names what the
// shopper is asking about, on the contact, product and order pages. A plain link, so a cached page
// and a page without scripts offer it as they are.
import { MessageCircle } from 'lucide-react'
import { m } from '#app/paraglide/messages.js'
import { useShopSettings } from '#app/settings/use-shop-settings.ts'
import { whatsappHref } from '#app/shared/phone.ts'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'

/** 'Ask on WhatsApp' with `text` typed in; nothing when the shop has no WhatsApp number. */
export function WhatsAppChatLink({ text, className }: { text: string; className?: string }) {
  const number = useShopSettings()?.whatsappNumber
  if (!number) return null
  return (
    <Button asChild variant="outline" className={cn('h-11', className)}>
      <a href={whatsappHref(number, text)} target="_blank" rel="noopener noreferrer">
        <MessageCircle className="size-5 text-success" aria-hidden />
        {m.chat_whatsapp_label()}
        <span className="sr-only"> {m.opens_new_tab()}</span>
      </a>
    </Button>
  )
}
