// The Blogs tab's operations against a real database (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set): the form's rules, create, update with its version check, delete, the
// audit trail, and what reaches the public blog, the sitemap and the feed.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  BlogAdminError,
  blogVersion,
  createBlog,
  deleteBlog,
  findBlog,
  listAdminBlogs,
  updateBlog,
} from '#app/blog/blog-admin.server.ts'
import { BLOG_LIMITS, type BlogInput, blogSlug, validateBlogForm } from '#app/blog/blog-form.ts'
import { listFeedPosts, renderFeed } from '#app/blog/feed.server.ts'
import { renderMarkdown } from '#app/blog/markdown.server.ts'
import { findPost, listPublishedSummaries } from '#app/blog/posts.server.ts'
import { blogs } from '#app/blog/schema.ts'
import type { AuditActor } from '#app/platform/audit.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { auditLog } from '#app/platform/schema.ts'
import { renderSitemap, sitemapEntries } from '#app/seo/sitemap.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const admin: AuditActor = { id: 'blog-admin', email: 'owner@shop.test', name: 'Shop Owner' }

/** The form as the browser posts it, all fields filled. */
const form = (overrides: Record<string, string> = {}) => ({
  title: 'Why Indore Eats Sev With Everything',
  slug: '',
  excerpt: 'Poha, jalebi and a fistful of sev.',
  content: '## Breakfast\n\nPoha with **sev** on top.',
  imageUrl: '/images/products/ujjaini-sev-640.webp',
  author: 'Malwa Namkeen Team',
  isPublished: 'on',
  ...overrides,
})

function input(overrides: Record<string, string> = {}): BlogInput {
  const validation = validateBlogForm(form(overrides))
  if (!validation.ok) throw new Error(JSON.stringify(validation.fieldErrors))
  return validation.data
}

describe('the blog form', () => {
  it('makes the slug from the title the spec’s way', () => {
    expect(blogSlug('Why Indore Eats Sev With Everything!')).toBe('why-indore-eats-sev-with-everything')
    expect(blogSlug('  --Sev & Chai: 2 Ways--  ')).toBe('sev-chai-2-ways')
    expect(blogSlug('Café Noir')).toBe('caf-noir')
    expect(blogSlug('नमकीन')).toBe('')
    expect(blogSlug(`${'a'.repeat(99)} b c`)).toBe('a'.repeat(99))
    expect(blogSlug('x'.repeat(300))).toHaveLength(BLOG_LIMITS.slug)
  })

  it('generates an empty slug from the title at save, and keeps a typed one', () => {
    expect(input().slug).toBe('why-indore-eats-sev-with-everything')
    expect(input({ slug: 'sev-everywhere' }).slug).toBe('sev-everywhere')
  })

  it('reads the switch and an empty image', () => {
    expect(input().isPublished).toBe(true)
    expect(input({ isPublished: '' }).isPublished).toBe(false)
    expect(input({ imageUrl: '' }).imageUrl).toBeNull()
  })

  it('names each missing required field', () => {
    for (const [field, message] of [
      ['title', 'Title is required.'],
      ['excerpt', 'Excerpt is required.'],
      ['content', 'Content is required.'],
      ['author', 'Author is required.'],
    ] as const) {
      expect(validateBlogForm(form({ [field]: '   ' })), field).toEqual({
        ok: false,
        fieldErrors: { [field]: message },
      })
    }
  })

  it('refuses a slug that is not a slug, an image that is not the shop’s, and text past its limit', () => {
    expect(validateBlogForm(form({ slug: 'Sev Everywhere' }))).toMatchObject({
      ok: false,
      fieldErrors: { slug: expect.stringContaining('lower-case letters, digits and single hyphens') },
    })
    expect(validateBlogForm(form({ slug: '-sev' })).ok).toBe(false)
    expect(validateBlogForm(form({ slug: 'sev--chai' })).ok).toBe(false)
    expect(validateBlogForm(form({ title: '!!!' }))).toEqual({
      ok: false,
      fieldErrors: { slug: 'The title has no letters or digits to make a slug from: please type a slug.' },
    })
    for (const imageUrl of ['https://evil.example/pixel.png', 'javascript:alert(1)', '/images/products/x-640.webp']) {
      expect(validateBlogForm(form({ imageUrl })), imageUrl).toMatchObject({
        ok: false,
        fieldErrors: { imageUrl: expect.any(String) },
      })
    }
    expect(validateBlogForm(form({ title: 'x'.repeat(BLOG_LIMITS.title + 1) }))).toMatchObject({
      ok: false,
      fieldErrors: { title: 'Please keep the title to 150 characters or fewer.' },
    })
    expect(validateBlogForm(form({ content: 'x'.repeat(BLOG_LIMITS.content + 1) })).ok).toBe(false)
    expect(validateBlogForm(form({ isPublished: 'yes' })).ok).toBe(false)
  })
})

describe.each(DATABASE_KINDS)('the Blogs tab on %s', (kind) => {
  let database: Database
  let db: Database['db']

  const auditOf = (entityId: string) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'blog'), eq(auditLog.entityId, entityId)))
      .orderBy(auditLog.id)

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(blogs)
    await db.delete(auditLog)
  })

  it('creates a post with its slug, dates and an audit record', async () => {
    const now = new Date('2026-11-20T10:00:00.000Z')
    const row = await createBlog(db, input(), admin, now)
    expect(row).toMatchObject({
      title: 'Why Indore Eats Sev With Everything',
      slug: 'why-indore-eats-sev-with-everything',
      author: 'Malwa Namkeen Team',
      imageUrl: '/images/products/ujjaini-sev-640.webp',
      isPublished: true,
      createdAt: now,
      updatedAt: now,
    })
    const [audit] = await auditOf(row.id)
    expect(audit).toMatchObject({
      action: 'blog.create',
      actorId: 'blog-admin',
      actorEmail: 'owner@shop.test',
      label: 'Why Indore Eats Sev With Everything',
      before: null,
      after: { slug: 'why-indore-eats-sev-with-everything', isPublished: true },
    })
  })

  it('refuses a slug already in use, on create and on update, and changes nothing', async () => {
    const first = await createBlog(db, input(), admin)
    const second = await createBlog(db, input({ title: 'Another', slug: 'another' }), admin)
    const refusal = createBlog(db, input({ title: 'Same address', slug: first.slug }), admin)
    await expect(refusal).rejects.toThrow(BlogAdminError)
    await expect(refusal).rejects.toMatchObject({
      kind: 'duplicate-slug',
      message:
        'The slug “why-indore-eats-sev-with-everything” is already used by the blog “Why Indore Eats Sev With Everything”. Please choose another slug.',
    })
    await expect(
      updateBlog(db, { id: second.id, version: blogVersion(second), input: input({ slug: first.slug }) }, admin),
    ).rejects.toMatchObject({ kind: 'duplicate-slug' })
    expect((await listAdminBlogs(db)).map((row) => row.slug).sort()).toEqual([
      'another',
      'why-indore-eats-sev-with-everything',
    ])
    expect(await findBlog(db, second.id)).toEqual(second)
    expect(await auditOf(second.id)).toHaveLength(1)
  })

  it('refuses the second of two creates racing for one slug (the database’s unique index)', async () => {
    const results = await Promise.allSettled([createBlog(db, input(), admin), createBlog(db, input(), admin)])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((result) => result.status === 'rejected')
    expect(rejected?.reason).toMatchObject({ kind: 'duplicate-slug' })
    expect(await listAdminBlogs(db)).toHaveLength(1)
  })

  it('updates in place: same id, updated_at moved on, only the changed fields audited', async () => {
    const created = await createBlog(db, input(), admin, new Date('2026-11-20T10:00:00.000Z'))
    const later = new Date('2026-11-21T10:00:00.000Z')
    const updated = await updateBlog(
      db,
      {
        id: created.id,
        version: blogVersion(created),
        input: input({ title: 'Sev With Everything', slug: created.slug }),
      },
      admin,
      later,
    )
    expect(updated).toMatchObject({
      id: created.id,
      title: 'Sev With Everything',
      createdAt: created.createdAt,
      updatedAt: later,
    })
    const audits = await auditOf(created.id)
    expect(audits.map((audit) => audit.action)).toEqual(['blog.create', 'blog.update'])
    expect(audits[1]).toMatchObject({
      label: 'Sev With Everything',
      before: { title: 'Why Indore Eats Sev With Everything' },
      after: { title: 'Sev With Everything' },
    })

    // Saving the same form again changes nothing, not even updated_at.
    const same = await updateBlog(
      db,
      {
        id: created.id,
        version: blogVersion(updated),
        input: input({ title: 'Sev With Everything', slug: created.slug }),
      },
      admin,
    )
    expect(same.updatedAt).toEqual(later)
    expect(await auditOf(created.id)).toHaveLength(2)
  })

  it('refuses a save from a form older than the last save, keeping the newer text', async () => {
    const created = await createBlog(db, input(), admin)
    const oldVersion = blogVersion(created)
    // Two saves in the same millisecond still get different versions.
    const newer = await updateBlog(
      db,
      { id: created.id, version: oldVersion, input: input({ excerpt: 'Newer.' }) },
      admin,
      created.updatedAt,
    )
    expect(blogVersion(newer)).not.toBe(oldVersion)
    await expect(
      updateBlog(db, { id: created.id, version: oldVersion, input: input({ excerpt: 'Older screen.' }) }, admin),
    ).rejects.toMatchObject({
      kind: 'stale',
      message: expect.stringContaining('This blog was changed by another save'),
    })
    await expect(deleteBlog(db, { id: created.id, version: oldVersion }, admin)).rejects.toMatchObject({
      kind: 'stale',
    })
    expect((await findBlog(db, created.id))?.excerpt).toBe('Newer.')
  })

  it('deletes with an audit record of what was deleted; an unknown post is not found', async () => {
    const created = await createBlog(db, input(), admin)
    await deleteBlog(db, { id: created.id, version: blogVersion(created) }, admin)
    expect(await findBlog(db, created.id)).toBeUndefined()
    const audits = await auditOf(created.id)
    expect(audits.map((audit) => audit.action)).toEqual(['blog.create', 'blog.delete'])
    expect(audits[1]).toMatchObject({ before: { title: 'Why Indore Eats Sev With Everything' }, after: null })
    await expect(deleteBlog(db, { id: created.id, version: blogVersion(created) }, admin)).rejects.toMatchObject({
      kind: 'not-found',
    })
  })

  it('keeps a draft off the public blog, sitemap and feed, and shows a published post on all three', async () => {
    const origin = 'https://shop.example'
    const draft = await createBlog(db, input({ title: 'Diwali Box Draft', isPublished: '' }), admin)
    const published = await createBlog(db, input({ title: 'Sev & Chai <Live>' }), admin)
    const publicSlugs = (await listPublishedSummaries(db)).map((row) => row.slug)
    expect(publicSlugs).toEqual([published.slug])
    expect(await findPost(db, draft.slug)).toBeUndefined()
    expect(await findPost(db, draft.slug, { drafts: true })).toMatchObject({ id: draft.id, isPublished: false })

    const sitemap = renderSitemap(origin, await sitemapEntries(db))
    expect(sitemap).toContain(`<loc>${origin}/blog/${published.slug}</loc>`)
    expect(sitemap).not.toContain(draft.slug)

    const feed = renderFeed(origin, 'Malwa Namkeen', await listFeedPosts(db))
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0"/)
    expect(feed).toContain('<title>Malwa Namkeen Blog</title>')
    expect(feed).toContain(`<atom:link href="${origin}/blog/feed.xml" rel="self" type="application/rss+xml"/>`)
    expect(feed).toContain('<title>Sev &amp; Chai &lt;Live&gt;</title>')
    expect(feed).toContain(`<link>${origin}/blog/${published.slug}</link>`)
    expect(feed).toContain(`<guid isPermaLink="true">${origin}/blog/${published.slug}</guid>`)
    expect(feed).toContain(`<pubDate>${published.createdAt.toUTCString()}</pubDate>`)
    expect(feed).not.toContain(draft.slug)

    // Publishing the draft puts it on all three at once.
    await updateBlog(
      db,
      { id: draft.id, version: blogVersion(draft), input: input({ title: 'Diwali Box Draft' }) },
      admin,
    )
    expect((await listPublishedSummaries(db)).map((row) => row.slug)).toContain(draft.slug)
    expect(renderSitemap(origin, await sitemapEntries(db))).toContain(`/blog/${draft.slug}</loc>`)
    expect(renderFeed(origin, 'Malwa Namkeen', await listFeedPosts(db))).toContain(`/blog/${draft.slug}</link>`)
  })

  it('stores a script in markdown as written, and renders it as text in the preview and the post', async () => {
    const content = '## Hello\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>'
    const row = await createBlog(db, input({ content }), admin)
    const stored = await findPost(db, row.slug)
    expect(stored?.content).toBe(content)
    // The preview and the post page both call this renderer on the stored text.
    const html = renderMarkdown(stored!.content)
    expect(html).toContain('<h2>Hello</h2>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toMatch(/<script|<img|javascript:|<a /)
  })

  it('lists every post for the admin, drafts too, newest first', async () => {
    await createBlog(db, input({ title: 'Older', isPublished: '' }), admin, new Date('2026-01-01T00:00:00Z'))
    await createBlog(db, input({ title: 'Newer' }), admin, new Date('2026-02-01T00:00:00Z'))
    expect((await listAdminBlogs(db)).map((row) => [row.title, row.isPublished])).toEqual([
      ['Newer', true],
      ['Older', false],
    ])
  })
})
