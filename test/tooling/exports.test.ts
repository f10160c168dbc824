// What each package entry exports, as a TypeScript user sees it (the built declarations the
// package ships), held to a committed list (exports.json): a name joins or leaves an entry's
// API on purpose, in the same change as the list. And the npm entry exports every element of
// the registry by its class, each with its tag in HTMLElementTagNameMap. They read the
// build: npm test runs them after it. After a deliberate change to an entry,
// `PUBNET_WRITE_EXPORTS=1 node --import tsx --test test/tooling/exports.test.ts` writes
// the list again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ELEMENTS } from '../../src/components/registry.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const LIST = fileURLToPath(new URL('./exports.json', import.meta.url));

/** The package's module entries and their declarations (the CDN files are scripts). */
function entries(): Record<string, string> {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
  };
  return Object.fromEntries(
    Object.entries(exports).flatMap(([subpath, target]) =>
      typeof target == 'object' && target.types && !subpath.startsWith('./cdn/')
        ? [[subpath, join(root, target.types)]]
        : [],
    ),
  );
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

/** Each entry's exported names, sorted; a name that is only a type is written `type Name`. */
function exportedNames(files: Record<string, string>): Record<string, string[]> {
  const program = ts.createProgram(Object.values(files), OPTIONS);
  const checker = program.getTypeChecker();
  return Object.fromEntries(
    Object.entries(files).map(([subpath, file]) => {
      const source = program.getSourceFile(file);
      assert.ok(source, `${file} is missing: run npm run build first`);
      const module = checker.getSymbolAtLocation(source);
      assert.ok(module, `${file} is not a module`);
      const names = checker.getExportsOfModule(module).map((symbol) => {
        const target =
          symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
      });
      return [subpath, names.sort()];
    }),
  );
}

test("each entry exports by name exactly the committed list: an entry's API changes on purpose", () => {
  const found = exportedNames(entries());
  if (process.env.PUBNET_WRITE_EXPORTS) writeFileSync(LIST, `${JSON.stringify(found, null, 2)}\n`);
  const listed = JSON.parse(readFileSync(LIST, 'utf8')) as Record<string, string[]>;
  assert.deepEqual(Object.keys(found).sort(), Object.keys(listed).sort(), 'the entries');
  for (const [subpath, names] of Object.entries(found)) {
    const expected = listed[subpath]!;
    const added = names.filter((name) => !expected.includes(name));
    const removed = expected.filter((name) => !names.includes(name));
    assert.deepEqual(
      { added, removed },
      { added: [], removed: [] },
      `pubnet-widgets${subpath.slice(1)} exports other names than exports.json lists`,
    );
  }
});

test('the client exports none of the helpers it shares with the widgets and the proxy', () => {
  const client = exportedNames(entries())['./client']!;
  for (const internal of [
    'sleep',
    'defaultTimers',
    'createInflight',
    'createCache',
    'warnToken',
    'TOKEN_WARNING',
    'buildUrl',
    'normalizeBase',
    'withQuery',
  ])
    assert.ok(!client.includes(internal), `pubnet-widgets/client exports ${internal}`);
});

test("the npm entry exports every registered element's class, its tag typed in HTMLElementTagNameMap", () => {
  const index = exportedNames(entries())['.']!;
  for (const { tag, element } of ELEMENTS)
    assert.ok(
      index.includes(element.name),
      `pubnet-widgets does not export ${element.name} (${tag})`,
    );
  // A consumer's file: each tag's element in the tag map is its exported class, both ways.
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-exports-'));
  try {
    const file = join(dir, 'consumer.ts');
    const entry = join(root, 'dist', 'index.js');
    writeFileSync(
      file,
      ELEMENTS.map(
        ({ tag, element }, i) =>
          `import type { ${element.name} as E${i} } from ${JSON.stringify(entry)};\n` +
          `export const a${i}: E${i} = null as unknown as HTMLElementTagNameMap['${tag}'];\n` +
          `export const b${i}: HTMLElementTagNameMap['${tag}'] = null as unknown as E${i};\n`,
      ).join(''),
    );
    const program = ts.createProgram([file], OPTIONS);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(problems, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
