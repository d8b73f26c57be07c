import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPost, listPublishedSummaries } from '#app/blog/posts.server.ts'
import { blogs } from '#app/blog/schema.ts'
import { demoPosts } from '#app/demo/posts.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const post = (slug: string, createdAt: string, isPublished = true) => ({
  slug,
  title: `Post ${slug}`,
  excerpt: `About ${slug}`,
  content: `## ${slug}\n\nText.`,
  isPublished,
  createdAt: new Date(createdAt),
  updatedAt: new Date(createdAt),
})

describe.each(DATABASE_KINDS)('public blog on %s', (kind) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: true, showcaseMode: true })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('lists the published demo posts, newest first, without the draft', async () => {
    const posts = await listPublishedSummaries(database.db)
    expect(posts.map((row) => row.slug)).toEqual([
      'satwik-namkeen-snacks-for-fasting-and-festivals',
      'how-to-keep-namkeen-crisp-for-weeks',
      'the-story-of-ratlami-sev',
    ])
    expect(demoPosts.find((demo) => demo.slug === 'coming-soon-diwali-gift-box')?.isPublished).toBe(false)
    // Cards never carry the whole article.
    expect(posts[0]).not.toHaveProperty('content')
    expect(posts[0]).toMatchObject({ author: 'Malwa Namkeen Team', imageUrl: expect.any(String) })
  })

  it('finds a published post by slug, and neither a draft nor an unknown slug', async () => {
    const found = await findPost(database.db, 'the-story-of-ratlami-sev')
    expect(found).toMatchObject({ title: expect.stringContaining('Ratlami Sev'), author: 'Rajendra Soni' })
    expect(found?.content).toContain('## Where Ratlami sev comes from')
    expect(await findPost(database.db, 'coming-soon-diwali-gift-box')).toBeUndefined()
    expect(await findPost(database.db, 'no-such-post')).toBeUndefined()
  })

  it('follows publishing: a new post leads the list, an unpublished one leaves it and its page', async () => {
    await database.db
      .insert(blogs)
      .values([
        post('fresh-from-the-kadhai', '2026-11-01T09:00:00+05:30'),
        post('not-yet', '2026-12-01T09:00:00+05:30', false),
      ])
    const slugs = (await listPublishedSummaries(database.db)).map((row) => row.slug)
    expect(slugs[0]).toBe('fresh-from-the-kadhai')
    expect(slugs).not.toContain('not-yet')
    expect(await findPost(database.db, 'not-yet')).toBeUndefined()
  })

  it('lists the other recent posts for the end of a post', async () => {
    const others = await listPublishedSummaries(database.db, { except: 'fresh-from-the-kadhai', limit: 2 })
    expect(others.map((row) => row.slug)).toEqual([
      'satwik-namkeen-snacks-for-fasting-and-festivals',
      'how-to-keep-namkeen-crisp-for-weeks',
    ])
  })

  it('orders posts of the same moment by slug, so the list never shuffles', async () => {
    await database.db
      .insert(blogs)
      .values([post('same-time-b', '2027-01-01T09:00:00+05:30'), post('same-time-a', '2027-01-01T09:00:00+05:30')])
    const slugs = (await listPublishedSummaries(database.db, { limit: 2 })).map((row) => row.slug)
    expect(slugs).toEqual(['same-time-a', 'same-time-b'])
  })
})
