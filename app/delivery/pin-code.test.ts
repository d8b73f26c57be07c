import { describe, expect, it } from 'vitest'
import { isPinCode } from './pin-code.ts'
import { pinContradictsState } from './pin-regions.ts'

describe('PIN codes', () => {
  it('six digits, never starting with 0', () => {
    expect(isPinCode('452001')).toBe(true)
    for (const bad of ['052001', '45200', '4520011', '45200a', ' 452001', '']) expect(isPinCode(bad), bad).toBe(false)
  })
  it('a PIN code contradicts a state outside its postal region', () => {
    expect(pinContradictsState('452001', 'Madhya Pradesh')).toBe(false)
    expect(pinContradictsState('452001', 'Kerala')).toBe(true)
    expect(pinContradictsState('110001', 'Delhi')).toBe(false)
    expect(pinContradictsState('560001', 'Tamil Nadu')).toBe(true)
  })
  it('Puducherry spans two regions; the army postal service contradicts no state', () => {
    expect(pinContradictsState('533464', 'Puducherry')).toBe(false)
    expect(pinContradictsState('605001', 'Puducherry')).toBe(false)
    expect(pinContradictsState('900001', 'Goa')).toBe(false)
  })
})
