import { describe, expect, it } from 'vitest'
import { decideTrack, stateOfStatus, type TrackState } from './track-states.ts'

const t = (minute: number) => new Date(Date.UTC(2026, 2, 12, 6, minute))
const at = (state: TrackState | null, minute: number | null = null) => ({
  state,
  at: minute === null ? null : t(minute),
})

describe('the parcel states', () => {
  it('reads the status table, leaving what does not concern a domestic shop', () => {
    expect(stateOfStatus(42)).toBe('in_transit')
    expect(stateOfStatus(17)).toBe('out_for_delivery')
    expect(stateOfStatus(21)).toBe('undelivered')
    expect(stateOfStatus(7)).toBe('delivered')
    expect(stateOfStatus(14)).toBe('rto_delivered')
    expect(stateOfStatus(16)).toBeNull()
    expect(stateOfStatus(60)).toBeNull()
    expect(stateOfStatus(null)).toBeNull()
  })

  it('moves forward in scan order', () => {
    expect(decideTrack(at('booked', 0), { statusId: 42, at: t(1) })).toEqual({ apply: true, state: 'in_transit' })
    expect(decideTrack(at('in_transit', 1), { statusId: 7, at: t(2) })).toEqual({ apply: true, state: 'delivered' })
    expect(decideTrack(at(null), { statusId: 6, at: t(2) })).toEqual({ apply: true, state: 'in_transit' })
  })

  it('never moves backwards, and an older scan changes nothing', () => {
    expect(decideTrack(at('out_for_delivery', 5), { statusId: 18, at: t(6) })).toEqual({
      apply: false,
      why: 'backwards',
    })
    expect(decideTrack(at('out_for_delivery', 5), { statusId: 21, at: t(4) })).toEqual({ apply: false, why: 'older' })
    expect(decideTrack(at('in_transit', 5), { statusId: 8, at: t(6) })).toEqual({ apply: false, why: 'backwards' })
  })

  it('lets re-attempts alternate out for delivery and a failed attempt', () => {
    expect(decideTrack(at('out_for_delivery', 5), { statusId: 21, at: t(6) }).apply).toBe(true)
    expect(decideTrack(at('undelivered', 6), { statusId: 17, at: t(7) }).apply).toBe(true)
    expect(decideTrack(at('undelivered', 6), { statusId: 21, at: t(8) }).apply).toBe(true)
  })

  it('keeps a return a return, and a final state final', () => {
    expect(decideTrack(at('undelivered', 6), { statusId: 9, at: t(7) })).toEqual({ apply: true, state: 'rto' })
    expect(decideTrack(at('rto', 7), { statusId: 17, at: t(8) })).toEqual({ apply: false, why: 'backwards' })
    expect(decideTrack(at('rto', 7), { statusId: 10, at: t(8) })).toEqual({ apply: true, state: 'rto_delivered' })
    for (const state of ['delivered', 'rto_delivered', 'cancelled', 'lost'] as const) {
      expect(decideTrack(at(state, 7), { statusId: 9, at: t(9) })).toEqual({ apply: false, why: 'final' })
    }
  })

  it('cancels only a parcel that has not left', () => {
    expect(decideTrack(at('booked', 1), { statusId: 8, at: t(2) })).toEqual({ apply: true, state: 'cancelled' })
  })

  it('ignores a status the table does not place', () => {
    expect(decideTrack(at('in_transit', 1), { statusId: 16, at: t(2) })).toEqual({
      apply: false,
      why: 'unknown-status',
    })
  })
})
