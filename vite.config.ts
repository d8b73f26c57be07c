import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { serviceWorker } from './app/pwa/service-worker-build.ts'
import { shopChunks } from './app/shell/shop-chunks.ts'
import { buildFingerprint } from './scripts/build-fingerprint.ts'
import { precompress } from './scripts/precompress.ts'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serviceWorker(), precompress(), shopChunks(), buildFingerprint()],
  build: { target: 'es2022' },
})
