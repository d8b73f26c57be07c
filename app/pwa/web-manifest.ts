// The web app manifest (/manifest.webmanifest) that makes the shop installable, named after the
// shop's settings. Colours are the theme's (app/app.css): cream background, deep saffron-brown bar.

export const THEME_COLOR = '#8a3b12'
export const BACKGROUND_COLOR = '#fff6e5'

export interface WebManifest {
  id: string
  name: string
  short_name: string
  description: string
  lang: string
  start_url: string
  scope: string
  display: 'standalone'
  background_color: string
  theme_color: string
  categories: string[]
  icons: { src: string; sizes: string; type: string; purpose?: string }[]
}

export function webManifest({ shopName, qualityTagline }: { shopName: string; qualityTagline: string }): WebManifest {
  const name = shopName.trim() || 'Malwa Namkeen'
  return {
    id: '/',
    name,
    short_name: name,
    description: qualityTagline.trim() || 'Authentic Indori namkeen, fresh from Indore to your doorstep.',
    lang: 'en-IN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    categories: ['shopping', 'food'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  }
}
