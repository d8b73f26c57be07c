import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // BUILD_DIR lets parallel work build into separate folders; the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
