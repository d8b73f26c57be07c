import { describe, expect, it } from 'vitest'
import { freshReader } from './fresh-reader.ts'

describe('a fresh reader', () => {
  it('answers a caller with a read that started after it called, shared by those waiting together', async () => {
    const reads: Array<(value: number) => void> = []
    const read = freshReader(() => new Promise<number>((resolve) => reads.push(resolve)))
    const first = read()
    const second = read()
    const third = read()
    expect(reads).toHaveLength(1)
    reads[0]!(1)
    expect(await first).toBe(1)
    // The second and third arrived while the first read ran: they share the next one.
    await new Promise((resolve) => setImmediate(resolve))
    expect(reads).toHaveLength(2)
    reads[1]!(2)
    expect(await second).toBe(2)
    expect(await third).toBe(2)
  })
})
