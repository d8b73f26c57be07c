import { paraglideVitePlugin } from '@inlang/paraglide-js'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { browserMessages } from './app/i18n/browser-messages.ts'
import { serviceWorker } from './app/pwa/service-worker-build.ts'
import { inlineScripts } from './app/shell/inline-scripts.ts'
import { routeManifest } from './app/shell/route-manifest.ts'
import { shopChunks } from './app/shell/shop-chunks.ts'
import { buildFingerprint } from './scripts/build-fingerprint.ts'
import { MESSAGE_OPTIONS } from './scripts/messages.ts'
import { precompress } from './scripts/precompress.ts'

export default defineConfig({
  plugins: [
    // First: the message functions exist before React Router reads the routes that import them.
    paraglideVitePlugin(MESSAGE_OPTIONS),
    tailwindcss(),
    reactRouter(),
    inlineScripts(),
    // Before the language copies, which copy the manifest it rewrites.
    routeManifest(),
    // Before the service worker and the compressed copies: its build's copy for each language comes first.
    browserMessages(),
    serviceWorker(),
    precompress(),
    shopChunks(),
    buildFingerprint(),
  ],
  build: { target: 'es2022' },
  // The server build carries the icons and Radix parts the app uses, not the packages' whole bundles
  // (lucide-react's CommonJS bundle alone is 1.3 MB of source the server would parse and keep).
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//] },
  // The stylesheet the server build carries for the pages to read (app/shell/page-styles.server.ts) is
  // minified as the browser's is, so that both are the same text.
  environments: { ssr: { build: { cssMinify: true } } },
})
