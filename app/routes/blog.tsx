import { type ReactNode, Suspense } from 'react'
import { Await, useRouteLoaderData } from 'react-router'
import { ArticlePending, useLoadingPost } from '#app/blog/article-pending.tsx'
import { BlogCallToAction, BlogList, BlogListLoading, NoPostsYet } from '#app/blog/blog-list.tsx'
import { toPostSummary } from '#app/blog/post-view.ts'
import { listPublishedSummaries } from '#app/blog/posts.server.ts'
import { getLocale } from '#app/i18n/page-locale.ts'
import { m } from '#app/paraglide/messages.js'
import { servicesContext } from '#app/platform/services.server.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import { READING_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/blog'

export const handle = READING_PAGE

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  return { posts: (await listPublishedSummaries(db, { locale: getLocale() })).map(toPostSummary) }
}

// The first visit is rendered whole on the server. A client-side navigation shows the page at once
// with 'Loading blog posts...' and fills the list when it arrives.
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { posts: serverLoader().then((data) => data.posts) }
}

export const meta: Route.MetaFunction = (args) => {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as
    | { settings: { shopName: string } }
    | undefined
  const title = `${root?.settings.shopName ?? 'Malwa Namkeen'} Blog`
  return [
    ...pageMeta(args, { title: m.seo_blog_title(), description: m.seo_blog_description() }),
    // Feed readers find the feed from the blog's address.
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title, href: '/blog/feed.xml' },
  ]
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData
  return (
    <BlogPage>
      {Array.isArray(posts) ? (
        <BlogList posts={posts} />
      ) : (
        <Suspense fallback={<BlogListLoading />}>
          <Await resolve={posts} errorElement={<NoPostsYet />}>
            {(resolved) => <BlogList posts={resolved} />}
          </Await>
        </Suspense>
      )}
    </BlogPage>
  )
}

/** The spec: a list that cannot be read shows the empty state (the error is logged by the server). */
export function ErrorBoundary() {
  return (
    <BlogPage>
      <NoPostsYet />
    </BlogPage>
  )
}

function BlogPage({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const loadingPost = useLoadingPost()
  return (
    <>
      <PageHeading title={m.blog_title()}>
        <p>{m.blog_intro()}</p>
      </PageHeading>
      <div className="mx-auto max-w-6xl px-4">
        {children}
        <BlogCallToAction shopName={root?.settings.shopName ?? 'Malwa Namkeen'} />
      </div>
      <ArticlePending loading={loadingPost} />
    </>
  )
}
