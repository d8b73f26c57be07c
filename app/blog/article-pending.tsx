import { useNavigation } from 'react-router'
import { m } from '#app/paraglide/messages.js'

/** True while a client-side navigation loads another post. */
export function useLoadingPost(): boolean {
  const navigation = useNavigation()
  return navigation.state === 'loading' && /^\/blog\/[^/]+\/?$/.test(navigation.location.pathname)
}

/** The post's loading state: announced politely, shown as a pill at the bottom of the screen. */
export function ArticlePending({ loading }: { loading: boolean }) {
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4">
      {loading && (
        <span className="inline-flex items-center gap-2 rounded-full bg-brown px-4 py-2 text-sm font-semibold text-white shadow-lg">
          <span className="size-3 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden />
          {m.loading_article()}
        </span>
      )}
    </div>
  )
}
