import { describe, expect, it } from 'vitest'
import {
  browseSearch,
  escapeLike,
  isDefaultView,
  MAX_QUERY_LENGTH,
  parseBrowseView,
  SPEC_CATEGORIES,
  showsHighlights,
} from './browse.ts'

const parse = (query: string) => parseBrowseView(new URLSearchParams(query), SPEC_CATEGORIES)

describe('reading the product browser view from the URL', () => {
  it('shows everything, featured first, when nothing is asked', () => {
    expect(parse('')).toEqual({ category: null, sort: 'featured', q: '' })
    expect(isDefaultView(parse(''))).toBe(true)
  })

  it('pre-selects a URL-encoded category, in any letter case', () => {
    expect(parse('category=Satwik%20Products').category).toBe('Satwik Products')
    expect(parse('category=Premium+Products').category).toBe('Premium Products')
    expect(parse('category=satwik%20products').category).toBe('Satwik Products')
  })

  it('falls back to the defaults for an unknown category or sort, or an empty form field', () => {
    expect(parse('category=Sweets&sort=cheapest')).toEqual({ category: null, sort: 'featured', q: '' })
    expect(parse('category=&sort=&q=')).toEqual({ category: null, sort: 'featured', q: '' })
    expect(parse('category=All').category).toBeNull()
  })

  it('knows a category the owner added, and forgets one that has nothing on sale', () => {
    expect(
      parseBrowseView(new URLSearchParams('category=festive%20boxes'), [...SPEC_CATEGORIES, 'Festive Boxes']).category,
    ).toBe('Festive Boxes')
    expect(parseBrowseView(new URLSearchParams('category=Satwik%20Products'), ['Premium Products']).category).toBeNull()
  })

  it('knows the five sorts', () => {
    for (const sort of ['featured', 'price-asc', 'price-desc', 'offers', 'name']) {
      expect(parse(`sort=${sort}`).sort).toBe(sort)
    }
  })

  it('trims the search text and cuts it to a sane length', () => {
    expect(parse('q=%20%20Ratlami%20').q).toBe('Ratlami')
    expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(MAX_QUERY_LENGTH)
  })

  it('is not the plain view once a filter, a sort or a search is chosen', () => {
    expect(isDefaultView(parse('category=Premium%20Products'))).toBe(false)
    expect(isDefaultView(parse('sort=name'))).toBe(false)
    expect(isDefaultView(parse('q=sev'))).toBe(false)
    expect(isDefaultView(parse('section=featured'))).toBe(true)
  })
})

describe('the featured and special-offer blocks', () => {
  const shows = (query: string) => showsHighlights(new URLSearchParams(query), SPEC_CATEGORIES)

  it('show on the plain catalogue and when a link asks for the featured section', () => {
    expect(shows('')).toBe(true)
    expect(shows('section=featured')).toBe(true)
    expect(shows('category=Satwik%20Products&section=featured')).toBe(true)
  })

  it('step aside for a filtered, sorted or searched list', () => {
    expect(shows('category=Satwik%20Products')).toBe(false)
    expect(shows('sort=price-asc')).toBe(false)
    expect(shows('q=sev')).toBe(false)
  })
})

describe('writing a view into a link', () => {
  it('leaves the defaults out', () => {
    expect(browseSearch({})).toBe('')
    expect(browseSearch({ category: null, sort: 'featured', q: '  ' })).toBe('')
  })

  it('encodes every value, spaces as %20', () => {
    expect(browseSearch({ category: 'Satwik Products' })).toBe('?category=Satwik%20Products')
    expect(browseSearch({ category: 'Premium Products', sort: 'price-asc', q: 'sev & bhujia' })).toBe(
      '?category=Premium%20Products&sort=price-asc&q=sev%20%26%20bhujia',
    )
  })

  it('reads back what it wrote', () => {
    const view = { category: 'Premium Products', sort: 'offers', q: '50% off_now' } as const
    expect(parse(browseSearch(view).slice(1))).toEqual(view)
  })
})

describe('escaping search text for LIKE', () => {
  it('makes the wildcards and the escape character literal', () => {
    expect(escapeLike('100%')).toBe('100\\%')
    expect(escapeLike('a_b')).toBe('a\\_b')
    expect(escapeLike('back\\slash')).toBe('back\\\\slash')
    expect(escapeLike('plain sev')).toBe('plain sev')
  })
})
