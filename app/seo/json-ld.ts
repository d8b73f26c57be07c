// Structured data, type-checked against schema.org through schema-dts.
import type { Organization, WebSite, WithContext } from 'schema-dts'
import type { PublicSettings } from '#app/settings/public-settings.ts'

type ShopDetails = Pick<PublicSettings, 'shopName' | 'legalName' | 'address' | 'phone' | 'email' | 'socialLinks'>

export function homeJsonLd(origin: string, settings: ShopDetails): [WithContext<Organization>, WithContext<WebSite>] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: settings.shopName,
      legalName: settings.legalName,
      url: `${origin}/`,
      logo: `${origin}/icons/icon-512.png`,
      email: settings.email,
      telephone: settings.phone,
      address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'IN' },
      sameAs: settings.socialLinks.map((link) => link.url),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: settings.shopName,
      url: `${origin}/`,
      inLanguage: 'en-IN',
    },
  ]
}
