import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { declaredType, resolveInPackage } from './package-resolution.ts'

const root = mkdtempSync(path.join(tmpdir(), 'package-resolution-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const write = (file: string, content = '') => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), content)
}
const url = (file: string) => pathToFileURL(path.join(root, file)).href

write('package.json', '{"type": "module"}')
write('node_modules/esm/package.json', '{"name": "esm", "type": "module", "exports": {"./*": "./dist/*.js"}}')
write('node_modules/esm/dist/index.js')
write('node_modules/esm/dist/column.js')
write('node_modules/esm/dist/table.cjs')
write('node_modules/esm/dist/data.json', '{}')
write('node_modules/esm/dist/sub/package.json', '{"type": "commonjs"}')
write('node_modules/esm/dist/sub/inner.js')
write('node_modules/esm/dist/folder/index.js')
write('node_modules/typeless/package.json', '{"name": "typeless"}')
write('node_modules/typeless/lib/a.js')
write('node_modules/typeless/lib/b.js')
write('node_modules/bare/lib/a.js')
write('node_modules/bare/lib/b.js')
symlinkSync(path.join(root, 'node_modules/esm/dist/column.js'), path.join(root, 'node_modules/esm/dist/linked.js'))

describe('resolving inside a package (server/module-loading.ts)', () => {
  const from = url('node_modules/esm/dist/index.js')

  it('names the file a relative import gives, with its format from the extension or the package type', () => {
    expect(resolveInPackage('./column.js', from)).toEqual({
      url: url('node_modules/esm/dist/column.js'),
      format: 'module',
    })
    expect(resolveInPackage('./table.cjs', from)).toEqual({
      url: url('node_modules/esm/dist/table.cjs'),
      format: 'commonjs',
    })
    expect(resolveInPackage('./data.json', from)).toEqual({
      url: url('node_modules/esm/dist/data.json'),
      format: 'json',
    })
    expect(resolveInPackage('../dist/sub/inner.js', from)).toEqual({
      url: url('node_modules/esm/dist/sub/inner.js'),
      format: 'commonjs',
    })
  })

  it('leaves the format to Node where the package does not declare one (Node looks at the source)', () => {
    expect(resolveInPackage('./b.js', url('node_modules/typeless/lib/a.js'))).toEqual({
      url: url('node_modules/typeless/lib/b.js'),
      format: undefined,
    })
    // No package.json up to node_modules: not the project's "type", which Node does not look at either.
    expect(declaredType(path.join(root, 'node_modules/bare/lib'))).toBeNull()
    expect(resolveInPackage('./b.js', url('node_modules/bare/lib/a.js'))?.format).toBeUndefined()
  })

  it('leaves to Node what only Node resolves exactly: folders, missing files, links, queries, packages, the app', () => {
    for (const specifier of ['./folder', './folder/', './missing.js', './linked.js', './column.js?x=1', './column']) {
      expect(resolveInPackage(specifier, from), specifier).toBeNull()
    }
    expect(resolveInPackage('esm/column', from)).toBeNull()
    expect(resolveInPackage('#internal', from)).toBeNull()
    write('app/a.js')
    write('app/b.js')
    expect(resolveInPackage('./b.js', url('app/a.js'))).toBeNull()
  })
})
