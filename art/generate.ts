/**
 * Deterministic generator for the shop's illustrations.
 *
 *   node art/generate.ts
 *
 * Writes hand-tuned, procedurally detailed SVGs into art/ (products/*.svg,
 * hero.svg, blog-fallback.svg, og-default.svg, logo.svg). Every random choice
 * comes from a seeded PRNG, so re-running produces byte-identical files.
 * The raster versions used by the site are produced by scripts/render-art.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ART_DIR = dirname(fileURLToPath(import.meta.url))

// ---------------------------------------------------------------------------
// Brand palette
// ---------------------------------------------------------------------------
const C = {
  cream: '#FFF6E5',
  turmeric: '#E8A33D',
  saffron: '#D9822B',
  chilli: '#B8322A',
  brown: '#5A2E1A',
  leaf: '#3F7D3A',
  brass: '#C9972E',
}

// ---------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------
type Rng = () => number

function makeRng(seed: string): Rng {
  let h = 1779033703 ^ seed.length
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353)
    h = (h << 13) | (h >>> 19)
  }
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const range = (rnd: Rng, a: number, b: number): number => a + (b - a) * rnd()
const pick = <T>(rnd: Rng, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T
const clamp = (v: number, a: number, b: number): number => Math.min(b, Math.max(a, v))
const smooth = (e0: number, e1: number, x: number): number => {
  const t = clamp((x - e0) / (e1 - e0), 0, 1)
  return t * t * (3 - 2 * t)
}

/** Format a number compactly (1 decimal max, no trailing zeros, no leading zero). */
function n(v: number, digits = 1): string {
  const f = 10 ** digits
  let s = String(Math.round(v * f) / f)
  if (s === '-0') s = '0'
  if (s.startsWith('0.')) s = s.slice(1)
  else if (s.startsWith('-0.')) s = `-${s.slice(2)}`
  return s
}

type RGB = [number, number, number]
function rgb(hex: string): RGB {
  const h = hex.replace('#', '')
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as RGB
}
function hex(c: RGB): string {
  return `#${c.map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('')}`
}
function mix(a: string, b: string, t: number): string {
  const x = rgb(a)
  const y = rgb(b)
  return hex([0, 1, 2].map((i) => (x[i] as number) + ((y[i] as number) - (x[i] as number)) * t) as RGB)
}
/** tone < 1 darkens towards a warm near-black, tone > 1 lightens towards warm white. */
function shade(base: string, tone: number): string {
  if (tone <= 1) {
    // warm, hue-preserving darkening (shadows in fried food go amber-brown, not grey)
    const k = clamp(tone, 0.05, 1)
    const c = rgb(base)
    return hex([c[0] * k ** 0.95, c[1] * k ** 1.2, c[2] * k ** 1.7])
  }
  return mix(base, '#fff4d6', clamp(tone - 1, 0, 1))
}

// 3D vector helpers
type V3 = [number, number, number]
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1
  return [a[0] / l, a[1] / l, a[2] / l]
}

// ---------------------------------------------------------------------------
// Camera: every bowl is seen from the same 3/4 angle and lit from upper left.
// World: X right, Y away from viewer, Z up. Rim plane of a bowl is Z = 0.
// ---------------------------------------------------------------------------
const SIN_E = 0.5
const COS_E = Math.sqrt(1 - SIN_E * SIN_E)
const VIEW: V3 = [0, -COS_E, SIN_E]
const LIGHT: V3 = norm([-0.55, -0.35, 0.78])

/** Project a world point (bowl-local) to screen (bowl-local, rim centre = 0,0). */
const proj = (x: number, y: number, z: number): [number, number] => [x, -(z * COS_E + y * SIN_E)]

// Bowl dimensions (canonical, product scale)
const R = 340 // outer rim radius
const RI = 326 // inner rim radius
const DEPTH = 190 // depth of bowl body
const FOOT_R = 168
const FOOT_H = 16

function bowlRadiusAt(t: number): number {
  // t: 0 at rim, 1 at bottom of body. Rounded katori profile.
  return FOOT_R + 18 + (R - FOOT_R - 18) * Math.sqrt(Math.max(0, 1 - t ** 2.1))
}

// ---------------------------------------------------------------------------
// Heap model
// ---------------------------------------------------------------------------
interface Lump {
  x: number
  y: number
  r: number
  h: number
}

interface Heap {
  H: number
  lumps: Lump[]
}

function heapZ(heap: Heap, x: number, y: number): number {
  const r = Math.hypot(x, y) / RI
  if (r >= 1) return -8
  let z = heap.H * (1 - r ** 1.9) ** 0.85
  const fall = (1 - r * r) ** 0.8
  for (const l of heap.lumps) {
    const d2 = ((x - l.x) ** 2 + (y - l.y) ** 2) / (l.r * l.r)
    z += l.h * Math.exp(-d2) * fall
  }
  return z - 8
}

function heapNormal(heap: Heap, x: number, y: number): V3 {
  const e = 2
  const dzdx = (heapZ(heap, x + e, y) - heapZ(heap, x - e, y)) / (2 * e)
  const dzdy = (heapZ(heap, x, y + e) - heapZ(heap, x, y - e)) / (2 * e)
  return norm([-dzdx, -dzdy, 1])
}

interface SurfPt {
  sx: number
  sy: number
  depth: number
  tone: number
  n: V3
  x: number
  y: number
  z: number
}

function makeHeap(rnd: Rng, H: number): Heap {
  const lumps: Lump[] = []
  for (let i = 0; i < 9; i++) {
    const a = rnd() * Math.PI * 2
    const rr = Math.sqrt(rnd()) * RI * 0.75
    lumps.push({ x: Math.cos(a) * rr, y: Math.sin(a) * rr, r: range(rnd, 60, 120), h: range(rnd, -22, 26) })
  }
  return { H, lumps }
}

/** Sample visible points on the heap surface, roughly uniform in screen area. */
function sampleSurface(heap: Heap, rnd: Rng, count: number): SurfPt[] {
  const out: SurfPt[] = []
  let guard = 0
  while (out.length < count && guard < count * 40) {
    guard++
    const a = rnd() * Math.PI * 2
    const rr = Math.sqrt(rnd()) * (RI - 4)
    const x = Math.cos(a) * rr
    const y = Math.sin(a) * rr
    const nv = heapNormal(heap, x, y)
    const facing = dot(nv, VIEW)
    if (facing < 0.04) continue
    const w = Math.min(3.2, facing / nv[2])
    if (rnd() * 3.2 > w) continue
    const z = heapZ(heap, x, y)
    const [sx, sy] = proj(x, y, z)
    const lam = Math.max(0, dot(nv, LIGHT))
    const rim = Math.hypot(x, y) / RI
    const ao = 1 - 0.38 * smooth(0.7, 1, rim) - 0.12 * smooth(0.2, -0.9, y / RI) * smooth(0.55, 1, rim)
    const tone = (0.55 + 0.7 * lam) * ao + range(rnd, -0.07, 0.07)
    out.push({ sx, sy, depth: -y * COS_E + z * SIN_E, tone, n: nv, x, y, z })
  }
  return out
}

/** Random unit tangent direction at a surface point projected to the screen. */
function tangentDir(p: SurfPt, rnd: Rng): [number, number] {
  const tx = norm([1, 0, -p.n[0] / p.n[2]])
  const ty = norm([0, 1, -p.n[1] / p.n[2]])
  const a = rnd() * Math.PI * 2
  // pieces settle more often across the slope than straight down it
  const ca = Math.cos(a)
  const sa = Math.sin(a) * 0.6
  const d = norm([ca * tx[0] + sa * ty[0], ca * tx[1] + sa * ty[1], ca * tx[2] + sa * ty[2]])
  return [d[0], -(d[2] * COS_E + d[1] * SIN_E)]
}

/** Heap silhouette (screen space), closed along the front inner rim. */
function heapSilhouette(heap: Heap): string {
  const bins = 90
  const top: number[] = new Array(bins + 1).fill(0)
  for (let i = 0; i <= bins; i++) top[i] = proj(0, 0, 0)[1] + 1e9
  for (let gx = -RI; gx <= RI; gx += 4) {
    for (let gy = -RI; gy <= RI; gy += 4) {
      if (gx * gx + gy * gy > RI * RI) continue
      const [sx, sy] = proj(gx, gy, heapZ(heap, gx, gy))
      const b = Math.round(((sx + RI) / (2 * RI)) * bins)
      if (sy < (top[b] as number)) top[b] = sy
    }
  }
  const pts: string[] = []
  for (let i = 0; i <= bins; i++) {
    const x = -RI + (2 * RI * i) / bins
    let y = top[i] as number
    if (y > 1e8) y = 0
    pts.push(`${n(x, 0)} ${n(y + 10, 0)}`)
  }
  // front inner rim arc from right back to left
  return `M${pts.join('L')}A${RI} ${n(RI * SIN_E)} 0 0 1 ${-RI} 0Z`
}

// ---------------------------------------------------------------------------
// Item prototypes (shared <defs>) for mixtures and bundi
// ---------------------------------------------------------------------------
function protoDefs(p: string): string {
  const cf = (id: string, seed: string, size: number): string => {
    const r = makeRng(seed)
    const k = 11
    const pts: string[] = []
    const inner: string[] = []
    for (let i = 0; i < k; i++) {
      const a = (i / k) * Math.PI * 2
      const rr = size * range(r, 0.72, 1.05)
      const [x, y] = [Math.cos(a) * rr, Math.sin(a) * rr * 0.78]
      pts.push(`${n(x)} ${n(y)}`)
      inner.push(`${n(x * 0.55 - 2)} ${n(y * 0.5 - 2)}`)
    }
    const bl: string[] = []
    for (let i = 0; i < 5; i++) {
      bl.push(`M${n(range(r, -size * 0.6, size * 0.6))} ${n(range(r, -size * 0.4, size * 0.4))}h.1`)
    }
    return (
      `<g id="${p}${id}"><path d="M${pts.join('L')}Z" fill="currentColor" stroke="#8a4a14" stroke-opacity=".55" stroke-width="1.6" stroke-linejoin="round"/>` +
      `<path d="M${inner.join('L')}Z" fill="#ffe6a0" opacity=".3"/>` +
      `<path d="M${n(-size * 0.7)} ${n(size * 0.35)}Q0 ${n(size * 0.75)} ${n(size * 0.75)} ${n(size * 0.15)}" fill="none" stroke="#7a3c0c" stroke-opacity=".35" stroke-width="2.2" stroke-linecap="round"/>` +
      `<path d="${bl.join('')}" stroke="#b8661c" stroke-opacity=".7" stroke-width="2.4" stroke-linecap="round"/></g>`
    )
  }
  return [
    `<radialGradient id="${p}ov" cx=".42" cy=".36" r=".68"><stop offset="0" stop-color="#fff8e0" stop-opacity=".55"/><stop offset=".38" stop-color="#fff8e0" stop-opacity="0"/><stop offset=".72" stop-color="#1e0a02" stop-opacity="0"/><stop offset="1" stop-color="#1e0a02" stop-opacity=".42"/></radialGradient>`,
    `<radialGradient id="${p}sp" cx=".5" cy=".5" r=".5" fx=".34" fy=".3"><stop offset="0" stop-color="#fff6d8" stop-opacity=".75"/><stop offset=".28" stop-color="#fff6d8" stop-opacity=".08"/><stop offset=".7" stop-color="#1e0a02" stop-opacity=".05"/><stop offset="1" stop-color="#1e0a02" stop-opacity=".55"/></radialGradient>`,
    // peanut kernel (skinless half)
    `<g id="${p}pk"><ellipse rx="12" ry="8.4" fill="currentColor"/><path d="M-10.5 .6Q0 3 10.5 .6" fill="none" stroke="#5a2a08" stroke-opacity=".28" stroke-width="1.3"/><ellipse cx="-9.6" cy=".4" rx="2" ry="2.6" fill="#8a5020" opacity=".45"/><ellipse rx="12" ry="8.4" fill="url(#${p}ov)"/></g>`,
    // peanut with red skin
    `<g id="${p}ps"><ellipse rx="12.5" ry="8.6" fill="currentColor"/><path d="M-6 -4q4 3 9 1M-4 4q5-2 9 1" fill="none" stroke="#2a0c04" stroke-opacity=".3" stroke-width="1"/><ellipse cx="4" cy="-2.4" rx="4.6" ry="2.6" fill="#f0c890" opacity=".32"/><ellipse rx="12.5" ry="8.6" fill="url(#${p}ov)"/></g>`,
    // chana dal (split gram)
    `<g id="${p}dl"><ellipse rx="8.2" ry="6.2" fill="currentColor"/><path d="M-6.5 1.5Q0 4.8 6.5 1.5" fill="none" stroke="#6a3a04" stroke-opacity=".35" stroke-width="1.2"/><ellipse rx="8.2" ry="6.2" fill="url(#${p}ov)"/></g>`,
    // fried curry leaf
    `<g id="${p}lf"><path d="M-17 0C-14-9 2-12 17 0C2 12-14 9-17 0Z" fill="currentColor"/><path d="M-16 0Q0-1.2 16 0" fill="none" stroke="#c8e49a" stroke-opacity=".55" stroke-width="1.1"/><path d="M-8-1l-2.5-5M-1-.8l-2-6M6-.5l-2-5M-8 1l-2.5 5M-1 .8l-2 6M6 .5l-2 5" fill="none" stroke="#c8e49a" stroke-opacity=".25" stroke-width=".8"/><path d="M-17 0C-14-9 2-12 17 0C2 12-14 9-17 0Z" fill="url(#${p}ov)"/></g>`,
    // raisin
    `<g id="${p}rs"><path d="M-9-1C-9-6-3-7 1-6C6-6 9-3 9 1C9 5 4 7 0 6C-5 7-9 4-9-1Z" fill="currentColor"/><path d="M-5-2q3 2 6 0M-3 3q3-1.5 6 .5" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="1.1"/><ellipse cx="-2.5" cy="-3.2" rx="3" ry="1.4" fill="#fff" opacity=".32"/></g>`,
    // cashew
    `<g id="${p}cs"><path d="M-10 5C-13-6 2-12 10 0" fill="none" stroke="#a87434" stroke-opacity=".5" stroke-width="12.5" stroke-linecap="round"/><path d="M-10 5C-13-6 2-12 10 0" fill="none" stroke="currentColor" stroke-width="10.5" stroke-linecap="round"/><path d="M-10 2C-11-6 1-9 7-3" fill="none" stroke="#fffbea" stroke-opacity=".55" stroke-width="3" stroke-linecap="round"/></g>`,
    // moth bean
    `<g id="${p}mb"><ellipse rx="6.4" ry="4.4" fill="currentColor"/><path d="M-1.8-1.2h3.6" stroke="#f4e4c4" stroke-width="1.3" stroke-linecap="round" opacity=".8"/><ellipse rx="6.4" ry="4.4" fill="url(#${p}ov)"/></g>`,
    // bundi pearl
    `<g id="${p}bd"><circle r="9" fill="currentColor"/><path d="M-5 4q3 2 7 0" fill="none" stroke="#3a0c02" stroke-opacity=".25" stroke-width="1.4"/><circle r="9" fill="url(#${p}sp)"/></g>`,
    // fried green pea
    `<g id="${p}pe"><circle r="7.6" fill="currentColor"/><path d="M-4-1q3 3 7 1" fill="none" stroke="#1e2a06" stroke-opacity=".4" stroke-width="1.2"/><circle r="7.6" fill="url(#${p}sp)"/></g>`,
    // chilli shard
    `<g id="${p}ch"><path d="M-9-3L2-6L10-1L6 4L-6 4Z" fill="currentColor"/><path d="M-6-2L2-4L7-1" fill="none" stroke="#ffb0a0" stroke-opacity=".45" stroke-width="1.4"/></g>`,
    // sugar glint
    `<path id="${p}sg" d="M0-4.5L1 -1L4.5 0L1 1L0 4.5L-1 1L-4.5 0L-1-1Z" fill="#fffdf4"/>`,
    cf('c1', 'flake-1', 17),
    cf('c2', 'flake-2', 16),
    cf('c3', 'flake-3', 18),
    cf('c4', 'flake-4', 15),
  ].join('')
}

// ---------------------------------------------------------------------------
// Snack specifications
// ---------------------------------------------------------------------------
interface SevSpec {
  count: number
  len: [number, number]
  width: number
  color: string
  outline?: string
  wavy?: boolean
  toneShift?: number
}

interface ItemSpec {
  protos: string[]
  count: number
  colors: string[]
  scale: [number, number]
  /** keep upright and round (spheres) */
  sphere?: boolean
}

interface DotSpec {
  count: number
  colors: string[]
  size: number
  opacity?: number
}

interface SnackSpec {
  base: string
  height: number
  bed?: SevSpec
  items?: ItemSpec[]
  top?: SevSpec
  dots?: DotSpec[]
  glints?: number
  spill: string[]
}

const SNACKS: Record<string, SnackSpec> = {
  'ratlami-sev': {
    base: '#8a4a16',
    height: 225,
    bed: { count: 900, len: [55, 110], width: 10, color: '#E39F2E', outline: '#6a3410' },
    dots: [
      { count: 520, colors: ['#8c2a12', '#a3401c', '#7a2410'], size: 3.2 },
      { count: 140, colors: ['#2e1408'], size: 2.6 },
    ],
    spill: ['sev'],
  },
  'ujjaini-sev': {
    base: '#b07a24',
    height: 220,
    bed: { count: 1400, len: [60, 120], width: 6.6, color: '#EDC65A', outline: '#9a6a1c' },
    dots: [{ count: 160, colors: ['#a06a2a'], size: 1.8, opacity: 0.7 }],
    spill: ['sev'],
  },
  'fiki-barik-sev': {
    base: '#c49a4c',
    height: 215,
    bed: { count: 2600, len: [70, 140], width: 4, color: '#F3DC96', outline: '#b48a40', wavy: true, toneShift: 0.06 },
    spill: ['sev'],
  },
  'double-laung-sev': {
    base: '#6a3010',
    height: 225,
    bed: { count: 620, len: [50, 95], width: 14, color: '#C66C24', outline: '#4e200a' },
    dots: [
      { count: 520, colors: ['#2a1208', '#3a1a0c'], size: 3.2 },
      { count: 420, colors: ['#8a3a14'], size: 2.4 },
    ],
    spill: ['sev'],
  },
  'tikhi-bundi': {
    base: '#7a2a10',
    height: 220,
    items: [
      {
        protos: ['bd'],
        count: 1500,
        colors: ['#D4562A', '#C9482A', '#DE6A2E', '#BE4526', '#E27A34'],
        scale: [0.85, 1.18],
        sphere: true,
      },
      { protos: ['lf'], count: 60, colors: ['#2F6B2E', '#3F7D3A', '#2a5a26'], scale: [0.9, 1.15] },
    ],
    dots: [{ count: 900, colors: ['#8e1f12', '#a8301a'], size: 2 }],
    spill: ['bd', 'bd', 'bd', 'bd', 'bd', 'lf'],
  },
  'navaratan-mixture': {
    base: '#a06a24',
    height: 220,
    bed: { count: 1320, len: [29, 54], width: 5.6, color: '#EDBF4E', outline: '#9a6a1c' },
    items: [
      { protos: ['ps'], count: 60, colors: ['#9a3e22', '#8a3420', '#a84a2a'], scale: [0.95, 1.15] },
      { protos: ['pk'], count: 50, colors: ['#E0AE62', '#D69C52'], scale: [0.95, 1.15] },
      { protos: ['dl'], count: 120, colors: ['#EBB73A', '#F0C64C', '#E0A830'], scale: [0.9, 1.1] },
      { protos: ['lf'], count: 48, colors: ['#2F6B2E', '#3F7D3A', '#2a5a26', '#4a8a3c'], scale: [0.85, 1.1] },
      { protos: ['rs'], count: 40, colors: ['#4a1c2a', '#5a2236', '#3c1620'], scale: [0.95, 1.1] },
      { protos: ['cs'], count: 26, colors: ['#F2D8A0', '#EBCB8A'], scale: [0.9, 1.05] },
      { protos: ['c1', 'c2', 'c3', 'c4'], count: 28, colors: ['#E5A03A', '#EDB04A'], scale: [0.8, 1] },
      { protos: ['bd'], count: 70, colors: ['#E0782E', '#D9662A', '#E8903A'], scale: [0.85, 1], sphere: true },
      { protos: ['mb'], count: 70, colors: ['#7A4A26', '#8A5A30', '#6B3D1F'], scale: [0.95, 1.1] },
      { protos: ['pe'], count: 45, colors: ['#7E9A3A', '#6E8A30', '#8AA646'], scale: [0.95, 1.1], sphere: true },
    ],
    top: { count: 160, len: [29, 54], width: 5.6, color: '#EDBF4E', outline: '#9a6a1c' },
    spill: ['ps', 'dl', 'lf', 'pe', 'bd', 'cs', 'sev'],
  },
  'khatta-mitha-mixture': {
    base: '#a8661e',
    height: 220,
    bed: { count: 1496, len: [29, 54], width: 5.9, color: '#F2AE36', outline: '#8a4e14' },
    items: [
      { protos: ['bd'], count: 220, colors: ['#F0A83A', '#EA9A34', '#F4B648'], scale: [0.72, 0.9], sphere: true },
      { protos: ['pk'], count: 80, colors: ['#E0AE62', '#D89E54'], scale: [0.95, 1.1] },
      { protos: ['rs'], count: 90, colors: ['#4a1c2a', '#5a2236', '#3c1620'], scale: [0.95, 1.1] },
      { protos: ['rs'], count: 40, colors: ['#B8742A', '#A8621E'], scale: [0.95, 1.1] },
      { protos: ['dl'], count: 60, colors: ['#EBB73A', '#F0C64C'], scale: [0.9, 1.05] },
    ],
    top: { count: 190, len: [29, 54], width: 5.9, color: '#F2AE36', outline: '#8a4e14' },
    dots: [{ count: 700, colors: ['#fffbee', '#fff3d0'], size: 2.2, opacity: 0.85 }],
    glints: 90,
    spill: ['rs', 'bd', 'pk', 'rs', 'sev', 'bd'],
  },
  'gujrati-mixture': {
    base: '#b88c40',
    height: 220,
    bed: { count: 1584, len: [29, 58], width: 5.0, color: '#F2D583', outline: '#b08a3c' },
    items: [
      { protos: ['cs'], count: 80, colors: ['#F4DCA8', '#EDCF92', '#F8E6BC'], scale: [0.9, 1.05] },
      { protos: ['rs'], count: 55, colors: ['#C98A34', '#B8762A', '#D49A40'], scale: [0.95, 1.1] },
      { protos: ['pk'], count: 60, colors: ['#EBC482', '#E4B874'], scale: [0.9, 1.05] },
      { protos: ['c1', 'c2', 'c3', 'c4'], count: 70, colors: ['#F6E3AE', '#F0D89A', '#F8EAC0'], scale: [0.62, 0.8] },
      { protos: ['dl'], count: 40, colors: ['#F1CF66', '#F4D878'], scale: [0.9, 1.05] },
      { protos: ['lf'], count: 16, colors: ['#3F7D3A', '#4a8a3c'], scale: [0.8, 1] },
    ],
    top: { count: 190, len: [29, 58], width: 5.0, color: '#F2D583', outline: '#b08a3c' },
    dots: [{ count: 500, colors: ['#fffdf4'], size: 2, opacity: 0.8 }],
    glints: 80,
    spill: ['cs', 'rs', 'cs', 'pk', 'sev', 'c2'],
  },
  'spicy-mixture': {
    base: '#7a2a12',
    height: 220,
    bed: { count: 1496, len: [29, 58], width: 6.7, color: '#C9501F', outline: '#5a1a08' },
    items: [
      { protos: ['ps'], count: 90, colors: ['#A8381E', '#982e1a', '#b84422'], scale: [0.95, 1.12] },
      { protos: ['dl'], count: 90, colors: ['#C9501F', '#D4622A', '#BE4a1e'], scale: [0.9, 1.08] },
      { protos: ['lf'], count: 42, colors: ['#2F6B2E', '#3a6a2a', '#2a5a26'], scale: [0.85, 1.1] },
      { protos: ['ch'], count: 55, colors: ['#B8322A', '#9a2418', '#c43a2a'], scale: [0.8, 1.2] },
      { protos: ['bd'], count: 70, colors: ['#C4422A', '#B8362A'], scale: [0.8, 0.95], sphere: true },
    ],
    top: { count: 180, len: [29, 58], width: 6.7, color: '#C9501F', outline: '#5a1a08' },
    dots: [{ count: 1300, colors: ['#8e1a10', '#a8261a', '#6e140a'], size: 2.4 }],
    spill: ['ps', 'ch', 'lf', 'dl', 'sev', 'ch'],
  },
  'delicious-mixture': {
    base: '#9a6420',
    height: 220,
    bed: { count: 1496, len: [29, 58], width: 6.3, color: '#E2A63A', outline: '#8a5414' },
    items: [
      { protos: ['pk'], count: 80, colors: ['#E0AE62', '#D69C52'], scale: [0.95, 1.12] },
      { protos: ['ps'], count: 40, colors: ['#9a3e22', '#a84a2a'], scale: [0.95, 1.1] },
      { protos: ['dl'], count: 110, colors: ['#EBB73A', '#F0C64C', '#E0A830'], scale: [0.9, 1.08] },
      { protos: ['lf'], count: 36, colors: ['#2F6B2E', '#3F7D3A', '#2a5a26'], scale: [0.85, 1.1] },
      { protos: ['rs'], count: 24, colors: ['#4a1c2a', '#5a2236'], scale: [0.95, 1.1] },
      { protos: ['c1', 'c2', 'c3', 'c4'], count: 24, colors: ['#E5A03A', '#EDB04A'], scale: [0.75, 0.95] },
    ],
    top: { count: 190, len: [29, 58], width: 6.3, color: '#E2A63A', outline: '#8a5414' },
    dots: [{ count: 360, colors: ['#a4522a', '#8a3a1a'], size: 2 }],
    spill: ['pk', 'dl', 'lf', 'sev', 'ps', 'dl'],
  },
  'dal-moth-mix': {
    base: '#8a4a22',
    height: 220,
    bed: { count: 640, len: [25, 47], width: 3.8, color: '#E8A03A', outline: '#7a4416' },
    items: [
      { protos: ['mb'], count: 1350, colors: ['#8A4A28', '#7a3e20', '#9a5a32', '#6e3a1c'], scale: [0.95, 1.12] },
      { protos: ['dl'], count: 820, colors: ['#F6C232', '#FAD046', '#F0B42A'], scale: [0.9, 1.05] },
      { protos: ['pk'], count: 22, colors: ['#E0AE62'], scale: [0.9, 1.05] },
    ],
    top: { count: 150, len: [25, 47], width: 3.8, color: '#E8A03A', outline: '#7a4416' },
    spill: ['mb', 'dl', 'mb', 'dl', 'mb', 'sev'],
  },
  'cornflakes-sweet-mix': {
    base: '#b87a2a',
    height: 220,
    items: [
      {
        protos: ['c1', 'c2', 'c3', 'c4'],
        count: 640,
        colors: ['#E8A23A', '#F0B040', '#DC8E28', '#F2BC4A'],
        scale: [1.1, 1.45],
      },
      { protos: ['pk'], count: 60, colors: ['#E0AE62', '#D69C52'], scale: [0.95, 1.1] },
      { protos: ['ps'], count: 28, colors: ['#9a3e22', '#a84a2a'], scale: [0.95, 1.1] },
      { protos: ['rs'], count: 48, colors: ['#4a1c2a', '#5a2236', '#3c1620'], scale: [1, 1.12] },
      { protos: ['cs'], count: 40, colors: ['#F2D8A0', '#EBCB8A'], scale: [0.95, 1.1] },
      { protos: ['lf'], count: 14, colors: ['#2F6B2E', '#3F7D3A'], scale: [0.85, 1] },
    ],
    dots: [{ count: 420, colors: ['#fffbee'], size: 2, opacity: 0.8 }],
    glints: 90,
    spill: ['c1', 'rs', 'c3', 'cs', 'pk', 'c2'],
  },
}

// ---------------------------------------------------------------------------
// Heap rendering
// ---------------------------------------------------------------------------
/** depth layers for the sev bed (more layers = better strand separation, bigger file) */
const LAYERS = 26
/** depth layers for loose pieces and the sparse top strands of mixtures */
const MAIN_LAYERS = 10
/** Pieces are drawn larger than life so they read at thumbnail size. */
const ITEM_SCALE = 1.8
const ITEM_COUNT = 0.36
const SPHERE_SCALE = 1.3
const SPHERE_COUNT = 0.6
const TONE_BINS = 5

interface Frag {
  defs: string
  body: string
}

interface HeapOpts {
  /** density multiplier (1 = product detail) */
  density: number
  /** >1 draws fewer, proportionally larger pieces (for small background bowls) */
  boost?: number
  /** depth layers for the sev bed */
  layers?: number
  /** clip rectangle in bowl-local screen coords; items outside are dropped */
  visible?: (sx: number, sy: number) => boolean
}

function strandPath(rnd: Rng, p: SurfPt, spec: SevSpec): string {
  const [dx, dy] = tangentDir(p, rnd)
  const len = range(rnd, spec.len[0], spec.len[1])
  const x0 = p.sx - (dx * len) / 2
  const y0 = p.sy - (dy * len) / 2
  const ex = dx * len
  const ey = dy * len
  const bend = range(rnd, -0.28, 0.28) * len
  if (spec.wavy) {
    const b2 = range(rnd, -0.3, 0.3) * len
    return `M${n(x0, 0)} ${n(y0, 0)}q${n(ex / 4 - dy * bend)} ${n(ey / 4 + dx * bend)} ${n(ex / 2)} ${n(ey / 2)}t${n(ex / 2 - dy * b2 * 0.2)} ${n(ey / 2 + dx * b2 * 0.2)}`
  }
  return `M${n(x0, 0)} ${n(y0, 0)}q${n(ex / 2 - dy * bend)} ${n(ey / 2 + dx * bend)} ${n(ex)} ${n(ey)}`
}

interface LayerOut {
  strands: string[][] // [bin] -> path data
  items: { depth: number; svg: string }[]
}

function renderHeap(key: string, spec: SnackSpec, p: string, opts: HeapOpts): Frag {
  const rnd = makeRng(`heap:${key}`)
  const heap = makeHeap(rnd, spec.height)
  const sil = heapSilhouette(heap)
  const vis = opts.visible ?? (() => true)
  const B = opts.boost ?? 1
  const D = opts.density / (B * B)

  const minMax = { lo: Number.POSITIVE_INFINITY, hi: Number.NEGATIVE_INFINITY }
  const probe = sampleSurface(heap, makeRng(`probe:${key}`), 600)
  for (const q of probe) {
    minMax.lo = Math.min(minMax.lo, q.depth)
    minMax.hi = Math.max(minMax.hi, q.depth)
  }
  const layerOf = (d: number, count: number): number =>
    clamp(Math.floor(((d - minMax.lo) / (minMax.hi - minMax.lo + 1e-6)) * count), 0, count - 1)
  const binOf = (t: number): number => clamp(Math.floor(((t - 0.35) / 0.85) * TONE_BINS), 0, TONE_BINS - 1)
  const binTone = (b: number): number => 0.35 + ((b + 0.5) / TONE_BINS) * 0.85

  const makeLayers = (count: number): LayerOut[] =>
    Array.from({ length: count }, () => ({
      strands: Array.from({ length: TONE_BINS }, () => [] as string[]),
      items: [],
    }))

  const bedLayers = makeLayers(opts.layers ?? LAYERS)
  const mainLayers = makeLayers(MAIN_LAYERS)

  const addStrands = (target: LayerOut[], s0: SevSpec, count: number, tag: string): void => {
    const s: SevSpec = { ...s0, len: [s0.len[0] * B, s0.len[1] * B] }
    const r = makeRng(`${tag}:${key}`)
    const pts = sampleSurface(heap, r, Math.round(count * D))
    for (const q of pts) {
      if (!vis(q.sx, q.sy)) continue
      const L = target[layerOf(q.depth, target.length)] as LayerOut
      ;(L.strands[binOf(q.tone + (s.toneShift ?? 0))] as string[]).push(strandPath(r, q, s))
    }
  }

  if (spec.bed) addStrands(bedLayers, spec.bed, spec.bed.count, 'bed')

  if (spec.items) {
    let idx = 0
    for (const it of spec.items) {
      const r = makeRng(`items:${key}:${idx++}`)
      const pts = sampleSurface(heap, r, Math.round(it.count * D * (it.sphere ? SPHERE_COUNT : ITEM_COUNT)))
      for (const q of pts) {
        if (!vis(q.sx, q.sy)) continue
        const proto = pick(r, it.protos)
        const s = range(r, it.scale[0], it.scale[1]) * (it.sphere ? SPHERE_SCALE : ITEM_SCALE) * B
        const col = shade(pick(r, it.colors), clamp(q.tone + 0.12, 0.35, 1.22))
        let tf: string
        if (it.sphere) {
          tf = `translate(${n(q.sx)} ${n(q.sy)})scale(${n(s, 2)})`
        } else {
          // rotation in the surface plane + foreshortening along projected normal
          const a = r() * Math.PI * 2
          const f = clamp(dot(q.n, VIEW), 0.3, 1)
          const pnx = q.n[0]
          const pny = -(q.n[2] * COS_E + q.n[1] * SIN_E)
          const pl = Math.hypot(pnx, pny) || 1
          const ux = pnx / pl
          const uy = pny / pl
          // F = I + (f-1) u u^T
          const F = [1 + (f - 1) * ux * ux, (f - 1) * ux * uy, (f - 1) * ux * uy, 1 + (f - 1) * uy * uy]
          const ca = Math.cos(a) * s
          const sa = Math.sin(a) * s
          // M = F * Rot * s  (column-major a b c d for SVG matrix)
          const m0 = (F[0] as number) * ca + (F[1] as number) * sa
          const m1 = (F[2] as number) * ca + (F[3] as number) * sa
          const m2 = -(F[0] as number) * sa + (F[1] as number) * ca
          const m3 = -(F[2] as number) * sa + (F[3] as number) * ca
          tf = `matrix(${n(m0, 2)} ${n(m1, 2)} ${n(m2, 2)} ${n(m3, 2)} ${n(q.sx)} ${n(q.sy)})`
        }
        ;(mainLayers[layerOf(q.depth, mainLayers.length)] as LayerOut).items.push({
          depth: q.depth,
          svg: `<use href="#${p}${proto}" transform="${tf}" color="${col}"/>`,
        })
      }
    }
  }

  if (spec.top) addStrands(mainLayers, spec.top, spec.top.count, 'top')

  const defs: string[] = []
  const body: string[] = []
  const styles: string[] = []

  const emitStrandLayers = (layers: LayerOut[], s: SevSpec, tag: string): void => {
    const w = s.width * B
    const outline = s.outline ?? shade(s.color, 0.4)
    styles.push(
      `.${p}${tag}o{fill:none;stroke:${outline};stroke-width:${n(w + Math.max(1.6, w * 0.34))};stroke-linecap:round;stroke-opacity:.7}`,
    )
    for (let b = 0; b < TONE_BINS; b++) {
      const t = binTone(b)
      styles.push(
        `.${p}${tag}${b}{fill:none;stroke:${shade(s.color, t)};stroke-width:${n(w)};stroke-linecap:round}`,
        `.${p}${tag}h${b}{fill:none;stroke:${shade(s.color, t * 1.32 + 0.05)};stroke-width:${n(w * 0.34)};stroke-linecap:round;stroke-opacity:.8}`,
      )
    }
    const hx = n(-w * 0.16)
    const hy = n(-w * 0.2)
    layers.forEach((L, li) => {
      const ids: [number, string][] = []
      L.strands.forEach((arr, b) => {
        if (!arr.length) return
        const id = `${p}${tag}${li}_${b}`
        defs.push(`<path id="${id}" d="${arr.join('')}"/>`)
        ids.push([b, id])
      })
      for (const [, id] of ids) body.push(`<use href="#${id}" class="${p}${tag}o"/>`)
      for (const [b, id] of ids) body.push(`<use href="#${id}" class="${p}${tag}${b}"/>`)
      for (const [b, id] of ids)
        body.push(`<use href="#${id}" class="${p}${tag}h${b}" transform="translate(${hx} ${hy})"/>`)
    })
  }

  // base under everything: dark interior colour of the heap, shaded
  const baseCol = spec.bed && spec.items ? mix(spec.base, spec.bed.color, 0.4) : spec.base
  defs.push(
    `<radialGradient id="${p}hb" cx=".38" cy=".3" r=".8"><stop offset="0" stop-color="${shade(baseCol, 1.1)}"/><stop offset="1" stop-color="${shade(baseCol, 0.6)}"/></radialGradient>`,
  )
  defs.push(`<path id="${p}sil" d="${sil}"/>`)
  body.push(`<use href="#${p}sil" fill="url(#${p}hb)"/>`)

  if (spec.bed) emitStrandLayers(bedLayers, spec.bed, 'b')

  // main: per layer items (sorted) then top strands
  if (spec.items || spec.top) {
    const topSpec = spec.top
    if (topSpec) {
      const w = topSpec.width * B
      styles.push(
        `.${p}to{fill:none;stroke:${topSpec.outline ?? shade(topSpec.color, 0.4)};stroke-width:${n(w + Math.max(1.6, w * 0.38))};stroke-linecap:round;stroke-opacity:.85}`,
      )
      for (let b = 0; b < TONE_BINS; b++) {
        const t = binTone(b)
        styles.push(
          `.${p}t${b}{fill:none;stroke:${shade(topSpec.color, t)};stroke-width:${n(w)};stroke-linecap:round}`,
          `.${p}th${b}{fill:none;stroke:${shade(topSpec.color, t * 1.32 + 0.05)};stroke-width:${n(w * 0.34)};stroke-linecap:round;stroke-opacity:.8}`,
        )
      }
    }
    mainLayers.forEach((L, li) => {
      L.items.sort((a, b) => a.depth - b.depth)
      for (const it of L.items) body.push(it.svg)
      if (topSpec) {
        const ids: [number, string][] = []
        L.strands.forEach((arr, b) => {
          if (!arr.length) return
          const id = `${p}t${li}_${b}`
          defs.push(`<path id="${id}" d="${arr.join('')}"/>`)
          ids.push([b, id])
        })
        const w = topSpec.width * B
        for (const [, id] of ids) body.push(`<use href="#${id}" class="${p}to"/>`)
        for (const [b, id] of ids) body.push(`<use href="#${id}" class="${p}t${b}"/>`)
        for (const [b, id] of ids)
          body.push(`<use href="#${id}" class="${p}th${b}" transform="translate(${n(-w * 0.16)} ${n(-w * 0.2)})"/>`)
      }
    })
  }

  // spice flecks / sugar
  if (spec.dots) {
    let di = 0
    for (const d of spec.dots) {
      const r = makeRng(`dots:${key}:${di++}`)
      const pts = sampleSurface(heap, r, Math.round(d.count * D))
      const byCol = new Map<string, string[]>()
      for (const q of pts) {
        if (!vis(q.sx, q.sy)) continue
        const c = pick(r, d.colors)
        const arr = byCol.get(c) ?? []
        const len = range(r, 0, d.size * 0.8 * B)
        const a = r() * Math.PI
        arr.push(`M${n(q.sx)} ${n(q.sy)}l${n(Math.cos(a) * len)} ${n(Math.sin(a) * len)}`)
        byCol.set(c, arr)
      }
      for (const [c, arr] of byCol) {
        body.push(
          `<path d="${arr.join('')}" fill="none" stroke="${c}" stroke-width="${n(d.size * B)}" stroke-linecap="round"${d.opacity ? ` opacity="${n(d.opacity, 2)}"` : ''}/>`,
        )
      }
    }
  }
  if (spec.glints) {
    const r = makeRng(`glint:${key}`)
    const pts = sampleSurface(heap, r, Math.round(spec.glints * D))
    for (const q of pts) {
      if (!vis(q.sx, q.sy) || q.tone < 0.75) continue
      body.push(
        `<use href="#${p}sg" transform="translate(${n(q.sx)} ${n(q.sy)})scale(${n(range(r, 0.5, 1) * B, 2)})" opacity="${n(range(r, 0.55, 0.95), 2)}"/>`,
      )
    }
  }

  // global shading: darker towards lower right and near the rim, warm highlight top-left
  defs.push(
    `<radialGradient id="${p}hs" gradientUnits="userSpaceOnUse" cx="-120" cy="${n(-spec.height * 0.75)}" r="${R * 1.15}"><stop offset="0" stop-color="#fff1c8" stop-opacity=".22"/><stop offset=".4" stop-color="#fff1c8" stop-opacity="0"/><stop offset=".75" stop-color="#2b1206" stop-opacity=".1"/><stop offset="1" stop-color="#2b1206" stop-opacity=".38"/></radialGradient>`,
  )
  body.push(`<use href="#${p}sil" fill="url(#${p}hs)"/>`)

  return {
    defs: `${defs.join('')}<style>${styles.join('')}</style>`,
    body: body.join(''),
  }
}

// ---------------------------------------------------------------------------
// Brass katori
// ---------------------------------------------------------------------------
function bowlGeometry(): { body: string; lip: string; ring: string; footY: number; bottom: number; lathe: string[] } {
  const steps = 120
  const lipDrop = 15
  const levels: { y: number; r: number }[] = []
  for (let i = 0; i <= 60; i++) {
    const t = i / 60
    levels.push({ y: proj(0, 0, -t * DEPTH)[1], r: bowlRadiusAt(t) })
  }
  // foot ring
  const footTop = proj(0, 0, -DEPTH)[1]
  for (let i = 0; i <= 6; i++) levels.push({ y: footTop + (i / 6) * FOOT_H * COS_E, r: FOOT_R })
  const bottomAt = (x: number): number => {
    let best = Number.NEGATIVE_INFINITY
    for (const l of levels) {
      if (Math.abs(x) >= l.r) continue
      const v = l.y + l.r * SIN_E * Math.sqrt(1 - (x / l.r) ** 2)
      if (v > best) best = v
    }
    return best === Number.NEGATIVE_INFINITY ? 0 : best
  }
  const pts: string[] = []
  for (let i = steps; i >= 0; i--) {
    const x = -R + (2 * R * i) / steps
    pts.push(`${n(x, 0)} ${n(bottomAt(x), 0)}`)
  }
  const body = `M${-R} 0A${R} ${n(R * SIN_E)} 0 0 0 ${R} 0L${pts.join('L')}Z`
  const ry = R * SIN_E
  const lip = `M${-R} 0A${R} ${n(ry)} 0 0 0 ${R} 0L${R - 1} ${lipDrop}A${R - 1} ${n(ry)} 0 0 1 ${-R + 1} ${lipDrop}Z`
  const ring = `M${-R} 0A${R} ${n(ry)} 0 0 0 ${R} 0L${RI} 0A${RI} ${n(RI * SIN_E)} 0 0 1 ${-RI} 0Z`
  const lathe: string[] = []
  for (const t of [0.3, 0.34, 0.72]) {
    const r = bowlRadiusAt(t)
    const y = proj(0, 0, -t * DEPTH)[1]
    lathe.push(`M${n(-r)} ${n(y)}A${n(r)} ${n(r * SIN_E)} 0 0 0 ${n(r)} ${n(y)}`)
  }
  return { body, lip, ring, footY: footTop, bottom: bottomAt(0), lathe }
}

const BOWL = bowlGeometry()

function bowlDefs(p: string): string {
  return [
    `<linearGradient id="${p}bb" x1="${-R}" x2="${R}" y1="0" y2="0" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#4a2e08"/><stop offset=".08" stop-color="#7e5614"/><stop offset=".2" stop-color="#c08a28"/><stop offset=".29" stop-color="#f2d382"/><stop offset=".34" stop-color="#fbe7a8"/><stop offset=".4" stop-color="#dcae48"/><stop offset=".58" stop-color="#b07e22"/><stop offset=".78" stop-color="#8a5e16"/><stop offset=".92" stop-color="#5e3c0c"/><stop offset="1" stop-color="#3a2406"/></linearGradient>`,
    `<linearGradient id="${p}bv" x1="0" x2="0" y1="0" y2="${n(BOWL.bottom)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff0c0" stop-opacity=".12"/><stop offset=".35" stop-color="#2a1404" stop-opacity="0"/><stop offset=".8" stop-color="#2a1404" stop-opacity=".3"/><stop offset=".93" stop-color="#ffe0a0" stop-opacity=".14"/><stop offset="1" stop-color="#2a1404" stop-opacity=".35"/></linearGradient>`,
    `<linearGradient id="${p}bl" x1="${-R}" x2="${R}" y1="0" y2="0" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#6a4410"/><stop offset=".18" stop-color="#d6a540"/><stop offset=".3" stop-color="#fff0b8"/><stop offset=".42" stop-color="#e2b54c"/><stop offset=".7" stop-color="#b8862a"/><stop offset="1" stop-color="#5a3a0c"/></linearGradient>`,
    `<linearGradient id="${p}br" x1="${-R}" x2="${R}" y1="0" y2="0" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#a87a24"/><stop offset=".3" stop-color="#fbe3a0"/><stop offset=".55" stop-color="#e0b450"/><stop offset="1" stop-color="#8a6018"/></linearGradient>`,
    `<linearGradient id="${p}bi" x1="0" x2="0" y1="${n(-R * SIN_E)}" y2="${n(R * SIN_E)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#6a4410"/><stop offset=".5" stop-color="#a87a24"/><stop offset="1" stop-color="#e2b650"/></linearGradient>`,
    `<radialGradient id="${p}mt" cx=".36" cy=".3" r=".85"><stop offset="0" stop-color="#8ab556"/><stop offset=".55" stop-color="#5d8f3e"/><stop offset="1" stop-color="#3f6e2e"/></radialGradient>`,
    `<filter id="${p}blur" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="16"/></filter>`,
    `<path id="${p}body" d="${BOWL.body}"/>`,
    `<filter id="${p}blur2" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="5"/></filter>`,
  ].join('')
}

function bowlShadow(p: string): string {
  const y = BOWL.bottom
  return (
    `<ellipse cx="40" cy="${n(y - 24)}" rx="${n(R * 1.02)}" ry="${n(R * 0.2)}" fill="#5A2E1A" opacity=".26" filter="url(#${p}blur)"/>` +
    `<ellipse cx="8" cy="${n(y - 6)}" rx="${FOOT_R + 30}" ry="22" fill="#3a1a08" opacity=".42" filter="url(#${p}blur2)"/>`
  )
}

/** A piece of banana leaf on the table under a bowl (bowl-local coordinates). */
function mat(p: string, rm: number): string {
  const gy = proj(0, 0, -DEPTH - FOOT_H)[1] + 18
  const r = makeRng('leaf-mat')
  // leaf outline in ground plane: a wide rounded rectangle, slightly torn along the veins
  const pts: string[] = []
  const N = 90
  for (let i = 0; i < N; i++) {
    const t = (i / N) * Math.PI * 2
    const c = Math.cos(t)
    const sn = Math.sin(t)
    const sq = (Math.abs(c) ** 3.2 + Math.abs(sn) ** 3.2) ** (-1 / 3.2)
    let gx = c * sq * rm * 1.2
    let gz = sn * sq * rm * 0.95
    const tear = r() < 0.12 ? range(r, 6, 20) : range(r, 0, 3)
    gx *= 1 - tear / (rm * 1.3)
    gz *= 1 - tear / (rm * 1.1)
    // rotate leaf a little in the ground plane
    const a = -0.24
    const X = gx * Math.cos(a) - gz * Math.sin(a)
    const Y = gx * Math.sin(a) + gz * Math.cos(a)
    pts.push(`${n(X)} ${n(gy - Y * SIN_E)}`)
  }
  const outline = `M${pts.join('L')}Z`
  const veins: string[] = []
  for (let k = -rm * 1.25; k <= rm * 1.25; k += 13) {
    const a = -0.24
    const g = (x: number, z: number): string => {
      const X = x * Math.cos(a) - z * Math.sin(a)
      const Y = x * Math.sin(a) + z * Math.cos(a)
      return `${n(X)} ${n(gy - Y * SIN_E)}`
    }
    veins.push(`M${g(k, 0)}L${g(k + 40, rm * 1.1)}M${g(k, 0)}L${g(k + 40, -rm * 1.1)}`)
  }
  const a = -0.24
  const mid = (x: number): string => `${n(x * Math.cos(a))} ${n(gy - x * Math.sin(a) * SIN_E)}`
  return (
    `<clipPath id="${p}lc"><path d="${outline}"/></clipPath>` +
    `<path d="${outline}" fill="#2a3a10" opacity=".3" filter="url(#${p}blur2)" transform="translate(10 12)"/>` +
    `<path d="${outline}" fill="url(#${p}mt)"/>` +
    `<g clip-path="url(#${p}lc)"><path d="${veins.join('')}" fill="none" stroke="#dcefb4" stroke-opacity=".16" stroke-width="1.3"/>` +
    `<path d="M${mid(-rm * 1.4)}L${mid(rm * 1.4)}" stroke="#d8ecb0" stroke-opacity=".45" stroke-width="7"/>` +
    `<path d="M${mid(-rm * 1.4)}L${mid(rm * 1.4)}" stroke="#7aa84e" stroke-opacity=".6" stroke-width="2" transform="translate(0 4)"/></g>` +
    `<path d="${outline}" fill="none" stroke="#2e5a22" stroke-opacity=".6" stroke-width="2"/>`
  )
}

function bowlBack(p: string): string {
  return (
    `<ellipse rx="${R}" ry="${n(R * SIN_E)}" fill="url(#${p}br)"/>` +
    `<ellipse rx="${RI}" ry="${n(RI * SIN_E)}" fill="url(#${p}bi)"/>`
  )
}

function bowlFront(p: string): string {
  const ry = R * SIN_E
  return [
    `<use href="#${p}body" fill="url(#${p}bb)"/>`,
    `<use href="#${p}body" fill="url(#${p}bv)"/>`,
    `<path d="${BOWL.lathe.slice(0, 2).join('')}" fill="none" stroke="#4a2e08" stroke-opacity=".45" stroke-width="2"/>`,
    `<path d="${BOWL.lathe.slice(0, 2).join('')}" fill="none" stroke="#fff2c4" stroke-opacity=".35" stroke-width="1.4" transform="translate(0 3)"/>`,
    `<path d="${BOWL.lathe[2]}" fill="none" stroke="#3a2406" stroke-opacity=".35" stroke-width="2.4"/>`,
    `<path d="${BOWL.lip}" fill="url(#${p}bl)"/>`,
    `<path d="M${-R + 1} 15A${R - 1} ${n(ry)} 0 0 0 ${R - 1} 15" fill="none" stroke="#3a2406" stroke-opacity=".4" stroke-width="2.5"/>`,
    `<path d="${BOWL.ring}" fill="url(#${p}br)"/>`,
    `<path d="M${n(-R * 0.93)} ${n(ry * 0.37 + 4)}A${R} ${n(ry)} 0 0 0 ${n(-R * 0.42)} ${n(ry * 0.91 + 4)}" fill="none" stroke="#fffbe8" stroke-width="3.5" stroke-linecap="round" opacity=".85"/>`,
    `<path d="M${n(R * 0.55)} ${n(ry * 0.84 + 5)}A${R} ${n(ry)} 0 0 1 ${n(R * 0.8)} ${n(ry * 0.6 + 5)}" fill="none" stroke="#fff1c0" stroke-width="2.5" stroke-linecap="round" opacity=".45"/>`,
  ].join('')
}

// ---------------------------------------------------------------------------
// Loose pieces on the table (spill)
// ---------------------------------------------------------------------------
function spill(key: string, spec: SnackSpec, p: string, places: [number, number][]): string {
  const rnd = makeRng(`spill:${key}`)
  const out: string[] = []
  const shadows: string[] = []
  const sevSpec = spec.bed ?? spec.top
  places.forEach(([x, y], i) => {
    const kind = spec.spill[i % spec.spill.length] as string
    const a = range(rnd, -70, 70)
    if (kind === 'sev' && sevSpec) {
      const w = sevSpec.width
      for (let k = 0; k < 3; k++) {
        const len = range(rnd, sevSpec.len[0], sevSpec.len[1]) * 0.9
        const ang = ((a + range(rnd, -50, 50)) * Math.PI) / 180
        const dx = Math.cos(ang) * len
        const dy = Math.sin(ang) * len * 0.5
        const ox = x + range(rnd, -22, 22)
        const oy = y + range(rnd, -8, 8)
        const bend = range(rnd, -0.12, 0.12) * len
        const d = `M${n(ox - dx / 2)} ${n(oy - dy / 2)}q${n(dx / 2)} ${n(dy / 2 + bend)} ${n(dx)} ${n(dy)}`
        shadows.push(
          `<path d="${d}" transform="translate(3 5)" fill="none" stroke="#3a1a08" stroke-width="${n(w + 2)}" stroke-linecap="round"/>`,
        )
        out.push(
          `<path d="${d}" fill="none" stroke="${sevSpec.outline ?? shade(sevSpec.color, 0.4)}" stroke-opacity=".7" stroke-width="${n(w + Math.max(1.6, w * 0.34))}" stroke-linecap="round"/>` +
            `<path d="${d}" fill="none" stroke="${shade(sevSpec.color, 0.98)}" stroke-width="${n(w)}" stroke-linecap="round"/>` +
            `<path d="${d}" transform="translate(${n(-w * 0.16)} ${n(-w * 0.2)})" fill="none" stroke="${shade(sevSpec.color, 1.3)}" stroke-width="${n(w * 0.34)}" stroke-linecap="round" stroke-opacity=".8"/>`,
        )
      }
      return
    }
    for (let k = 0; k < 2; k++) {
      const kk = k === 0 ? kind : (spec.spill[(i + 3) % spec.spill.length] as string)
      if (kk === 'sev') continue
      const item = spec.items?.find((it) => it.protos.includes(kk))
      const col = item ? shade(pick(rnd, item.colors), 1.02) : '#c08030'
      const s = (item ? (item.scale[0] + item.scale[1]) / 2 : 1) * (item?.sphere ? SPHERE_SCALE : ITEM_SCALE) * 1.1
      const px = x + (k === 0 ? 0 : range(rnd, 24, 40) * (rnd() < 0.5 ? -1 : 1))
      const py = y + (k === 0 ? 0 : range(rnd, -14, 14))
      const tf = item?.sphere
        ? `translate(${n(px)} ${n(py)})scale(${n(s, 2)})`
        : `translate(${n(px)} ${n(py)})scale(${n(s, 2)} ${n(s * 0.62, 2)})rotate(${n(range(rnd, -70, 70), 0)})`
      shadows.push(`<ellipse cx="${n(px + 4)}" cy="${n(py + 6)}" rx="${n(11 * s)}" ry="${n(4.5 * s)}" fill="#1e2a0a"/>`)
      out.push(`<use href="#${p}${kk}" transform="${tf}" color="${col}"/>`)
    }
  })
  return `<g opacity=".28" filter="url(#${p}blur2)">${shadows.join('')}</g>${out.join('')}`
}

// ---------------------------------------------------------------------------
// Composition helpers
// ---------------------------------------------------------------------------
interface BowlOpts {
  p: string
  density: number
  boost?: number
  layers?: number
  visible?: (sx: number, sy: number) => boolean
  spillAt?: [number, number][]
  shadow?: boolean
  mat?: number
}

function bowlScene(key: string, o: BowlOpts): Frag {
  const spec = SNACKS[key]
  if (!spec) throw new Error(`unknown snack ${key}`)
  const heap = renderHeap(key, spec, o.p, { density: o.density, boost: o.boost, layers: o.layers, visible: o.visible })
  const defs = bowlDefs(o.p) + protoDefs(o.p) + heap.defs
  const body =
    (o.mat ? mat(o.p, o.mat) : '') +
    (o.shadow === false ? '' : bowlShadow(o.p)) +
    (o.spillAt ? spill(key, spec, o.p, o.spillAt) : '') +
    bowlBack(o.p) +
    heap.body +
    bowlFront(o.p)
  return { defs, body }
}

function svgDoc(w: number, h: number, defs: string, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><title>${title}</title><defs>${defs}</defs>${body}</svg>\n`
}

function titleCase(key: string): string {
  return key
    .split('-')
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .join(' ')
}

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------
function productSvg(key: string): string {
  const cx = 480
  const cy = 448
  const k = 1.06
  const spillAt: [number, number][] = [
    [150, 800],
    [200, 846],
    [268, 818],
    [700, 832],
    [764, 800],
    [812, 850],
  ]
  const local = spillAt.map(([x, y]) => [(x - cx) / k, (y - 500) / k] as [number, number])
  const scene = bowlScene(key, { p: 'a', density: 1, spillAt: local, mat: 330 })
  const defs =
    `<radialGradient id="bg" cx=".36" cy=".3" r=".85"><stop offset="0" stop-color="#FFFBF3"/><stop offset=".55" stop-color="${C.cream}"/><stop offset="1" stop-color="#F6E2C0"/></radialGradient>` +
    scene.defs
  const body =
    `<rect width="960" height="960" fill="url(#bg)"/>` +
    `<g transform="translate(${cx} ${cy})scale(${k})">${scene.body}</g>`
  return svgDoc(960, 960, defs, body, `${titleCase(key)} – Malwa Namkeen`)
}

// ---------------------------------------------------------------------------
// Garnish used in hero / blog / og
// ---------------------------------------------------------------------------
function chilli(x: number, y: number, a: number, s: number): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)})rotate(${n(a)})scale(${n(s, 2)})">` +
    `<ellipse cx="6" cy="14" rx="60" ry="10" fill="#2a0c04" opacity=".3" filter="url(#gblur)"/>` +
    `<path d="M-58 2C-40-14 10-16 44-8C52-6 56-2 54 4C30 6-20 12-58 2Z" fill="#a8261c"/>` +
    `<path d="M-50-2C-30-11 10-12 40-6" fill="none" stroke="#ff8a70" stroke-opacity=".55" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M-40 5C-10 8 20 6 50 2" fill="none" stroke="#5a0c06" stroke-opacity=".45" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M50-3C58-8 64-6 70-14" fill="none" stroke="#5a6a22" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M46-6C52-10 58-8 58 2C54 6 48 4 46-6Z" fill="#6a7a2a"/></g>`
  )
}

function leafSprig(x: number, y: number, a: number, s: number): string {
  const leaves: string[] = []
  for (let i = 0; i < 6; i++) {
    const t = i * 22
    const side = i % 2 === 0 ? 1 : -1
    leaves.push(
      `<g transform="translate(${t} 0)rotate(${side * 38})translate(20 0)"><path d="M-20 0C-10-10 8-11 22 0C8 10-10 10-20 0Z" fill="${i % 3 === 0 ? '#3F7D3A' : '#356f32'}"/><path d="M-18 0Q0-1.5 20 0" fill="none" stroke="#a8d08a" stroke-opacity=".6" stroke-width="1.4"/></g>`,
    )
  }
  leaves.push(`<g transform="translate(128 0)"><path d="M-10 0C0-10 16-11 30 0C16 10 0 10-10 0Z" fill="#3F7D3A"/></g>`)
  return (
    `<g transform="translate(${n(x)} ${n(y)})rotate(${n(a)})scale(${n(s, 2)})">` +
    `<g opacity=".28" filter="url(#gblur)" transform="translate(6 10)"><rect x="-10" y="-16" width="170" height="32" rx="16" fill="#2a0c04"/></g>` +
    `<path d="M-12 0L140 0" stroke="#5f6a2a" stroke-width="3" stroke-linecap="round"/>${leaves.join('')}</g>`
  )
}

// ---------------------------------------------------------------------------
// Hero 1920x1080
// ---------------------------------------------------------------------------
function woodPlanks(w: number, h: number, seed: string, base: string[], y0: number): string {
  const r = makeRng(seed)
  const out: string[] = []
  let y = y0
  let i = 0
  while (y < h) {
    const ph = 120 + i * 18 + range(r, -8, 8)
    const col = pick(r, base)
    out.push(`<rect x="0" y="${n(y)}" width="${w}" height="${n(ph + 1)}" fill="${col}"/>`)
    // grain
    const g: string[] = []
    for (let k = 0; k < 9; k++) {
      const gy = y + range(r, 6, ph - 6)
      let d = `M-20 ${n(gy)}`
      for (let x = 0; x < w + 200; x += 200) d += `q100 ${n(range(r, -5, 5))} 200 ${n(range(r, -3, 3))}`
      g.push(d)
    }
    out.push(`<path d="${g.join('')}" fill="none" stroke="#2a1006" stroke-opacity=".16" stroke-width="2"/>`)
    out.push(`<path d="M0 ${n(y + 2)}H${w}" stroke="#fff0d0" stroke-opacity=".08" stroke-width="3"/>`)
    out.push(`<path d="M0 ${n(y)}H${w}" stroke="#1a0802" stroke-opacity=".55" stroke-width="3"/>`)
    y += ph
    i++
  }
  return out.join('')
}

function heroSvg(): string {
  const W = 1920
  const H = 1080
  const defs: string[] = [
    `<filter id="gblur" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="6"/></filter>`,
    `<filter id="cblur" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="14"/></filter>`,
    `<linearGradient id="calm" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#1a0a03" stop-opacity=".6"/><stop offset=".4" stop-color="#1a0a03" stop-opacity=".38"/><stop offset=".6" stop-color="#1a0a03" stop-opacity="0"/></linearGradient>`,
    `<radialGradient id="glow" gradientUnits="userSpaceOnUse" cx="1480" cy="380" r="1000"><stop offset="0" stop-color="#ffc468" stop-opacity=".38"/><stop offset=".5" stop-color="#e8a33d" stop-opacity=".12"/><stop offset="1" stop-color="#e8a33d" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="pool" gradientUnits="userSpaceOnUse" cx="520" cy="470" r="760"><stop offset="0" stop-color="#d9822b" stop-opacity=".16"/><stop offset="1" stop-color="#d9822b" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="vig" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#120602" stop-opacity=".4"/><stop offset=".28" stop-color="#120602" stop-opacity="0"/><stop offset=".8" stop-color="#120602" stop-opacity="0"/><stop offset="1" stop-color="#120602" stop-opacity=".42"/></linearGradient>`,
    `<linearGradient id="cloth" gradientUnits="userSpaceOnUse" x1="1000" x2="1920" y1="0" y2="0"><stop offset="0" stop-color="#c96f26"/><stop offset=".18" stop-color="#e08e36"/><stop offset=".36" stop-color="#d47e2e"/><stop offset=".55" stop-color="#e6973c"/><stop offset=".8" stop-color="#d27a2c"/><stop offset="1" stop-color="#c06a26"/></linearGradient>`,
  ]
  const body: string[] = []
  body.push(woodPlanks(W, H, 'hero-wood', ['#6a3a1e', '#70401f', '#65371b', '#6c3d20'], -40))
  body.push(`<rect width="${W}" height="${H}" fill="url(#pool)"/>`)
  // cloth runner under the bowls, running off the top and bottom of the frame
  const edge = (y: number, off: number): number => 1012 + off + (1080 - y) * 0.215
  const cloth = `M${n(edge(1100, 0))} 1100L${n(edge(-20, 0))} -20L1940 -20L1940 1100Z`
  body.push(
    `<path d="${cloth}" fill="#140602" opacity=".45" filter="url(#cblur)" transform="translate(-18 6)"/>`,
    `<path d="${cloth}" fill="url(#cloth)"/>`,
  )
  const stripe = (off: number, w: number, col: string, op = 1): string =>
    `<path d="M${n(edge(1100, off))} 1100L${n(edge(-20, off))} -20" stroke="${col}" stroke-width="${w}" stroke-opacity="${op}"/>`
  body.push(
    stripe(34, 30, C.chilli),
    stripe(62, 5, C.cream, 0.85),
    stripe(76, 9, C.chilli),
    stripe(96, 4, '#5A2E1A', 0.5),
    stripe(8, 6, '#8a2a1a'),
  )
  // weave texture and a couple of soft folds
  const wv: string[] = []
  for (let y = -10; y < H + 10; y += 8) wv.push(`M${n(edge(y, 0))} ${y}H1920`)
  const wv2: string[] = []
  for (let x = 0; x < 1000; x += 9) wv2.push(`M${n(edge(1100, x))} 1100L${n(edge(-20, x))} -20`)
  body.push(
    `<path d="${wv.join('')}" stroke="#5a2e1a" stroke-opacity=".07" stroke-width="2"/>`,
    `<path d="${wv2.join('')}" stroke="#fff0d0" stroke-opacity=".05" stroke-width="2"/>`,
    `<path d="M${n(edge(1100, 430))} 1100L${n(edge(-20, 470))} -20" stroke="#7a3a10" stroke-opacity=".16" stroke-width="40" filter="url(#cblur)"/>`,
    `<path d="M${n(edge(1100, 470))} 1100L${n(edge(-20, 510))} -20" stroke="#ffd9a0" stroke-opacity=".14" stroke-width="26" filter="url(#cblur)"/>`,
  )
  body.push(`<rect width="${W}" height="${H}" fill="url(#glow)"/>`)

  const place = (
    key: string,
    p: string,
    x: number,
    y: number,
    s: number,
    density: number,
    boost: number,
    layers: number,
  ): void => {
    const visible = (sx: number, sy: number): boolean => {
      const gx = x + sx * s
      const gy = y + sy * s
      return gx > -20 && gx < W + 20 && gy > -20 && gy < H + 20
    }
    const sc = bowlScene(key, { p, density, boost, layers, visible })
    defs.push(sc.defs)
    body.push(`<g transform="translate(${x} ${y})scale(${s})">${sc.body}</g>`)
  }
  place('dal-moth-mix', 'm', 1300, 235, 0.5, 1, 1.45, 10)
  place('tikhi-bundi', 'k', 1800, 265, 0.62, 1, 1.3, 10)
  place('ratlami-sev', 'r', 1460, 575, 0.92, 0.95, 1.12, 22)
  place('navaratan-mixture', 'n', 1830, 915, 0.78, 0.9, 1.2, 12)
  body.push(leafSprig(1050, 1010, -14, 1.5))
  body.push(chilli(1205, 935, -10, 1.25), chilli(1330, 1000, 14, 1.05))
  // scattered peanuts / dal on the cloth
  const r = makeRng('hero-scatter')
  for (let i = 0; i < 12; i++) {
    const x = range(r, 1150, 1600)
    const y = range(r, 880, 1060)
    if (x > 1440 && y < 960) continue
    const kind = pick(r, ['ps', 'pk', 'dl', 'pe'])
    const col = kind === 'ps' ? '#9a3e22' : kind === 'pk' ? '#E0AE62' : kind === 'dl' ? '#EBB73A' : '#7E9A3A'
    body.push(
      `<ellipse cx="${n(x + 5)}" cy="${n(y + 8)}" rx="20" ry="8" fill="#2a0c04" opacity=".35" filter="url(#gblur)"/>`,
      `<use href="#n${kind}" transform="translate(${n(x)} ${n(y)})rotate(${n(range(r, 0, 360))})scale(1.7 1.2)" color="${col}"/>`,
    )
  }
  body.push(
    `<rect width="${W}" height="${H}" fill="url(#calm)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#vig)"/>`,
  )
  return svgDoc(W, H, defs.join(''), body.join(''), 'Bowls of Indori namkeen on a wooden table')
}

// ---------------------------------------------------------------------------
// Blog fallback 960x540
// ---------------------------------------------------------------------------
function blogSvg(): string {
  const W = 960
  const H = 540
  const defs: string[] = [
    `<filter id="gblur" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="6"/></filter>`,
    `<filter id="nblur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter>`,
    `<linearGradient id="pg" x1="0" x2="1"><stop offset="0" stop-color="#fffaf0"/><stop offset=".9" stop-color="#f8ecd4"/><stop offset="1" stop-color="#e8d6b4"/></linearGradient>`,
    `<linearGradient id="pg2" x1="0" x2="1"><stop offset="0" stop-color="#e6d2ae"/><stop offset=".1" stop-color="#f8ecd4"/><stop offset="1" stop-color="#fffaf0"/></linearGradient>`,
    `<radialGradient id="bgl" gradientUnits="userSpaceOnUse" cx="300" cy="120" r="900"><stop offset="0" stop-color="#fff3dc" stop-opacity=".35"/><stop offset="1" stop-color="#fff3dc" stop-opacity="0"/></radialGradient>`,
  ]
  const body: string[] = []
  body.push(woodPlanks(W, H, 'blog-wood', ['#c89a66', '#c29260', '#cda06c', '#bf8e5c'], -30))
  body.push(`<rect width="${W}" height="${H}" fill="url(#bgl)"/>`)
  // notebook (slightly rotated, lying on the table)
  const nb: string[] = []
  nb.push(
    `<path d="M-250-150L250-150L250 170L-250 170Z" fill="#2a1006" opacity=".4" filter="url(#nblur)" transform="translate(12 16)"/>`,
  )
  nb.push(`<path d="M-262-158L262-158L262 170L-262 170Z" fill="#7a2a1e"/>`)
  nb.push(`<path d="M-250-150Q-120-162 0-148L0 160Q-120 148-250 160Z" fill="url(#pg2)"/>`)
  nb.push(`<path d="M0-148Q120-162 250-150L250 160Q120 148 0 160Z" fill="url(#pg)"/>`)
  const lines: string[] = []
  for (let i = 0; i < 11; i++) {
    const y = -112 + i * 24
    lines.push(`M-228 ${y}Q-120 ${y - 8} -20 ${y + 2}M20 ${y + 2}Q120 ${y - 8} 228 ${y}`)
  }
  nb.push(`<path d="${lines.join('')}" fill="none" stroke="#9ab4c8" stroke-opacity=".55" stroke-width="1.3"/>`)
  nb.push(`<path d="M-196-150V158" stroke="#d86a6a" stroke-opacity=".5" stroke-width="1.5"/>`)
  // handwriting-like scribbles
  const r = makeRng('blog-scribble')
  const scrib: string[] = []
  const writeLine = (x0: number, x1: number, y: number): void => {
    let x = x0
    let d = `M${n(x)} ${n(y)}`
    while (x < x1) {
      const step = range(r, 4, 8)
      const tall = r() < 0.16
      const h = tall ? range(r, -16, -12) : range(r, -8, -3)
      if (tall && r() < 0.5) d += `c${n(step)} ${n(h)} ${n(-step * 0.6)} ${n(h)} ${n(step * 0.6)} 0`
      else d += `q${n(step / 2)} ${n(h)} ${n(step)} ${n(range(r, -1, 1))}`
      x += step
      if (r() < 0.16) {
        const gap = range(r, 7, 12)
        x += gap
        d += `m${n(gap)} 0`
      }
    }
    scrib.push(d)
  }
  writeLine(-180, -60, -118)
  for (let i = 0; i < 7; i++) writeLine(-184, range(r, -70, -34), -70 + i * 24)
  for (let i = 0; i < 3; i++) writeLine(40, range(r, 150, 220), -94 + i * 24)
  nb.push(
    `<path d="${scrib.join('')}" fill="none" stroke="#4a2a1a" stroke-opacity=".75" stroke-width="1.8" stroke-linecap="round"/>`,
  )
  // little sketch of a bowl on the right page
  nb.push(
    `<g transform="translate(130 70)" fill="none" stroke="#b8642a" stroke-width="2.4" stroke-linecap="round"><ellipse rx="70" ry="18"/><path d="M-70 0Q-60 60 0 62Q60 60 70 0"/><path d="M-50-6q8-40 30-40q20-8 34 6q24 0 34 34" stroke="#d9822b"/><path d="M-30-20q10-10 20 0M0-30q10-8 18 2M16-14q10-8 18 4" stroke="#e8a33d"/></g>`,
  )
  // ribbon bookmark + spine shadow
  nb.push(`<path d="M-4-150L4-150L4 160L-4 160Z" fill="#5a2e1a" opacity=".18"/>`)
  nb.push(`<path d="M60-158L78-158L78-60L69-70L60-60Z" fill="#B8322A"/>`)
  body.push(`<g transform="translate(330 285)rotate(-6)scale(1 .92)">${nb.join('')}</g>`)
  // pencil
  body.push(
    `<g transform="translate(470 470)rotate(-16)"><rect x="-150" y="-8" width="260" height="16" rx="3" fill="#2a1006" opacity=".3" filter="url(#gblur)" transform="translate(6 8)"/><rect x="-150" y="-8" width="240" height="16" fill="#e8a33d"/><rect x="-150" y="-8" width="240" height="5" fill="#f6c468"/><rect x="-170" y="-8" width="22" height="16" fill="#c9972e"/><rect x="-182" y="-8" width="14" height="16" rx="4" fill="#d86a6a"/><path d="M90-8L126 0L90 8Z" fill="#f0d6a8"/><path d="M116-2L126 0L116 2Z" fill="#3a2a1a"/></g>`,
  )
  // bowl of sev on the right
  const sc = bowlScene('ujjaini-sev', { p: 'u', density: 1, boost: 1.4, layers: 18 })
  defs.push(sc.defs)
  body.push(`<g transform="translate(770 300)scale(.5)">${sc.body}</g>`)
  body.push(chilli(690, 480, 12, 0.95))
  return svgDoc(W, H, defs.join(''), body.join(''), 'Recipe notebook beside a bowl of sev')
}

// ---------------------------------------------------------------------------
// Social preview 1200x630
// ---------------------------------------------------------------------------
const SERIF = 'DejaVu Serif, Noto Serif, serif'
const SANS = 'DejaVu Sans, Noto Sans, sans-serif'

function ogDefaultSvg(): string {
  const W = 1200
  const H = 630
  const defs: string[] = [
    `<filter id="gblur" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="6"/></filter>`,
    `<radialGradient id="bg" cx=".72" cy=".45" r=".8"><stop offset="0" stop-color="#FFFBF3"/><stop offset=".6" stop-color="${C.cream}"/><stop offset="1" stop-color="#F6E0BA"/></radialGradient>`,
  ]
  const body: string[] = [`<rect width="${W}" height="${H}" fill="url(#bg)"/>`]
  const b1 = bowlScene('tikhi-bundi', { p: 'k', density: 1, boost: 1.3, layers: 10 })
  const b2 = bowlScene('ratlami-sev', { p: 'r', density: 1, boost: 1.15, layers: 20, mat: 330 })
  defs.push(b1.defs, b2.defs)
  body.push(`<g transform="translate(1060 250)scale(.5)">${b1.body}</g>`)
  body.push(`<g transform="translate(850 360)scale(.66)">${b2.body}</g>`)
  body.push(chilli(1040, 565, -10, 0.8), leafSprig(610, 572, -8, 0.62))
  body.push(logoMark(124, 116, 0.25))
  body.push(
    `<text x="72" y="276" font-family="${SERIF}" font-weight="bold" font-size="76" fill="${C.brown}">Malwa</text>`,
    `<text x="72" y="358" font-family="${SERIF}" font-weight="bold" font-size="76" fill="${C.brown}">Namkeen</text>`,
    `<rect x="74" y="392" width="120" height="6" rx="3" fill="${C.saffron}"/><circle cx="212" cy="395" r="5" fill="${C.chilli}"/><rect x="230" y="392" width="40" height="6" rx="3" fill="${C.turmeric}"/>`,
    `<text x="72" y="452" font-family="${SANS}" font-weight="bold" font-size="31" fill="${C.chilli}">Authentic Indori Namkeen</text>`,
    `<text x="72" y="496" font-family="${SANS}" font-size="28" fill="${C.brown}">Fresh From Indore To Your Doorstep</text>`,
  )
  return svgDoc(W, H, defs.join(''), body.join(''), 'Malwa Namkeen – Authentic Indori Namkeen')
}

// ---------------------------------------------------------------------------
// Logo
// ---------------------------------------------------------------------------
function logoInner(): string {
  // heap of sev: a dome with crisp strands, inside a brass katori, inside a roundel
  const strands = [
    'M-128 2q22-44 62-36',
    'M-104-40q40-52 92-38',
    'M-40-96q44-26 92 2',
    'M30-70q52-8 86 48',
    'M-70-6q34-44 84-24',
    'M10-20q44-34 102-4',
    'M-20-122q28-10 50 4',
  ].join('')
  const hi = ['M-96-30q26-28 58-24', 'M-30-84q30-16 62-4', 'M-44-12q26-22 58-14'].join('')
  return [
    `<circle r="240" fill="${C.brown}"/>`,
    `<circle r="220" fill="none" stroke="${C.brass}" stroke-width="9"/>`,
    `<circle r="204" fill="${C.cream}"/>`,
    `<path d="M-156 22C-150-70-86-136 0-138C86-136 150-70 156 22Z" fill="${C.turmeric}"/>`,
    `<path d="${strands}" fill="none" stroke="${C.saffron}" stroke-width="13" stroke-linecap="round"/>`,
    `<path d="${hi}" fill="none" stroke="#F7D27E" stroke-width="8" stroke-linecap="round"/>`,
    `<circle cx="-52" cy="-58" r="7" fill="${C.chilli}"/><circle cx="46" cy="-40" r="7" fill="${C.chilli}"/><circle cx="-6" cy="-4" r="6" fill="${C.chilli}"/>`,
    `<g transform="translate(58 -128)rotate(-28)"><path d="M0 0C14-22 44-26 70-14C48 4 20 10 0 0Z" fill="${C.leaf}"/><path d="M4-2C24-10 44-14 62-14" fill="none" stroke="#8fc07a" stroke-width="4" stroke-linecap="round"/></g>`,
    `<path d="M-184 8H184C176 104 96 156 0 156C-96 156-176 104-184 8Z" fill="${C.brass}"/>`,
    `<path d="M-128 44C-116 94-76 122-34 132" fill="none" stroke="#F3D58A" stroke-width="13" stroke-linecap="round"/>`,
    `<rect x="-192" y="-6" width="384" height="28" rx="14" fill="${C.saffron}"/>`,
    `<path d="M-64 154h128l16 30H-80Z" fill="${C.brown}"/>`,
  ].join('')
}

function logoMark(x: number, y: number, s: number): string {
  return `<g transform="translate(${x} ${y})scale(${s})">${logoInner()}</g>`
}

function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"><title>Malwa Namkeen</title><g transform="translate(256 256)scale(1.0)">${logoInner()}</g></svg>\n`
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------
const PRODUCT_KEYS = Object.keys(SNACKS).sort()

function write(rel: string, content: string): void {
  const file = join(ART_DIR, rel)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, content)
  console.log(`${rel.padEnd(40)} ${(Buffer.byteLength(content) / 1024).toFixed(1)} KB`)
}

{
  const only = process.argv.slice(2)
  const want = (name: string): boolean => only.length === 0 || only.includes(name)
  for (const key of PRODUCT_KEYS) if (want(key)) write(`products/${key}.svg`, productSvg(key))
  if (want('hero')) write('hero.svg', heroSvg())
  if (want('blog')) write('blog-fallback.svg', blogSvg())
  if (want('og')) write('og-default.svg', ogDefaultSvg())
  if (want('logo')) write('logo.svg', logoSvg())
}
