// The product page's question on WhatsApp, naming the product and the pack size chosen above: links
// only (CSS shows the one for the size checked), so the page hydrates it only when it renders it again
// (app/shell/hydrate-later.tsx). Rendered where the shop has a WhatsApp number.
import { m } from '#app/paraglide/messages.js'
import { WhatsAppChatLink } from '#app/shell/whatsapp-chat-link.tsx'
import type { ProductDetails as Product } from './products.server.ts'
import { type Size, sizeName } from './sizes.ts'

/**
 * Each size's link shows while its radio above is checked; the one without a size shows before that
 * and where no size can be chosen (showcase mode, sold out, a browser without :has()). CSS picks it, so
 * the cached page needs no script for it. Written out in full for Tailwind to find.
 */
const WHILE_CHOSEN: Record<Size, string> = {
  '250g': "hidden group-has-[input[name=size][value='250g']:checked]/buying:inline-flex",
  '500g': "hidden group-has-[input[name=size][value='500g']:checked]/buying:inline-flex",
  '1kg': "hidden group-has-[input[name=size][value='1kg']:checked]/buying:inline-flex",
}
const UNTIL_CHOSEN = 'group-has-[input[name=size]:checked]/buying:hidden'

/** A question on WhatsApp naming the product, and the pack size chosen above when there is one. */
export function AskOnWhatsApp({ product, sizes }: { product: Product; sizes: Size[] }) {
  return (
    <div>
      <WhatsAppChatLink
        text={m.chat_whatsapp_product_text({ product: product.name })}
        className={sizes.length > 0 ? UNTIL_CHOSEN : undefined}
      />
      {sizes.map((size) => (
        <WhatsAppChatLink
          key={size}
          text={m.chat_whatsapp_product_size_text({ product: product.name, size: sizeName(size) })}
          className={WHILE_CHOSEN[size]}
        />
      ))}
    </div>
  )
}
