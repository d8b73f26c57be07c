// The Blogs tab's empty state, rendered as the server renders it: the shared end-to-end database
// always holds the demo posts, so the state with no posts is proved here.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { AdminBlogRow } from '../blog-admin-routes.server.ts'
import { BlogsTab } from './blogs-tab.tsx'

let shown: AdminBlogRow[] = []
function Tab() {
  return createElement(BlogsTab, { blogs: shown })
}
const Stub = createRoutesStub([{ path: '/admin/blogs', Component: Tab }])

function render(blogs: AdminBlogRow[]): string {
  shown = blogs
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ['/admin/blogs'] }))
}

const draft: AdminBlogRow = {
  id: '8d5d2c4e-4d52-4d7e-9c43-3d0e0c1a9b11',
  title: 'Coming Soon: the Diwali Box',
  slug: 'coming-soon-diwali-box',
  excerpt: 'Four namkeen in one carton.',
  author: 'Malwa Namkeen Team',
  imageUrl: null,
  isPublished: false,
  createdAt: '2026-10-20T03:30:00.000Z',
  createdOn: '20 Oct 2026',
  updatedAt: '2026-10-21T03:30:00.000Z',
  updatedOn: '21 Oct 2026',
  version: '2026-10-21T03:30:00.000Z',
}

describe('the Blogs tab', () => {
  it('says so when there is no post, and still offers Add New Blog', () => {
    const html = render([])
    expect(html).toContain('Blog Management')
    expect(html).toContain('No blogs found. Create your first blog!')
    expect(html).toContain('href="/admin/blogs/new"')
    expect(html).not.toContain('aria-label="Blogs"')
  })

  it('shows a row as the spec lists it: Draft, slug, excerpt, author, dates, preview in a new tab', () => {
    const html = render([draft]).replaceAll('<!-- -->', '')
    expect(html).not.toContain('No blogs found')
    expect(html).toContain('Coming Soon: the Diwali Box')
    expect(html).toContain('>Draft<')
    expect(html).toContain('Slug: <span class="font-mono text-brown">/blog/coming-soon-diwali-box</span>')
    expect(html).toContain('Four namkeen in one carton.')
    expect(html).toContain('Malwa Namkeen Team')
    expect(html).toContain('Created <time dateTime="2026-10-20T03:30:00.000Z">20 Oct 2026</time>')
    expect(html).toContain('Updated <time dateTime="2026-10-21T03:30:00.000Z">21 Oct 2026</time>')
    expect(html).toMatch(/<a[^>]*href="\/blog\/coming-soon-diwali-box" target="_blank" rel="noopener"/)
    expect(html).toContain('href="/admin/blogs/8d5d2c4e-4d52-4d7e-9c43-3d0e0c1a9b11"')
  })

  it('leaves out Draft and Updated for a published post never changed', () => {
    const html = render([{ ...draft, isPublished: true, updatedAt: null, updatedOn: null }])
    expect(html).not.toContain('>Draft<')
    expect(html).not.toContain('Updated')
  })
})
