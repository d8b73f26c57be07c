import { telHref } from '#app/shared/phone.ts'
import { useShopSettings } from './use-shop-settings.ts'

/** The shop's phone number as a link that dials it, for "call us" lines in the shop's pages. */
export function ShopPhoneLink() {
  const phone = useShopSettings()?.phone
  if (!phone) return null
  return (
    <a href={telHref(phone)} className="font-semibold whitespace-nowrap text-primary">
      {phone}
    </a>
  )
}
