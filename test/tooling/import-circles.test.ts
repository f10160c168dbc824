// No import circle under src/: every relative import, re-export and dynamic import of a
// module (`import type` and `export type` included) goes one way, so a module can be read,
// tested and moved after the ones it imports. Each circle found is named by its modules.
// And the proxy's layers depend one way, in the order src/proxy/proxy.ts's opening comment
// gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(root, 'src');

function modules(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) modules(path, found);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** `from '…'`, `import '…'` and `import('…')` with a relative specifier. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])(\.{1,2}\/[^'"]+)\1/gm;

/** The files `file` imports by a relative specifier, by path (`.js` read as `.ts`). */
function relativeImports(file: string): string[] {
  // Comments may quote imports: they are not imports.
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found = new Set<string>();
  for (const [, , specifier] of code.matchAll(SPECIFIER)) {
    found.add(resolve(dirname(file), specifier!.replace(/\.js$/, '.ts')));
  }
  return [...found];
}

/** The modules under src/ that `file` imports, by path. */
export function importsOf(file: string): string[] {
  return relativeImports(file).filter((target) => target.startsWith(SRC) && existsSync(target));
}

/** The strongly connected groups of more than one module, or a module that imports itself. */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) != index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member != node);
    if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

test('the circle finder finds a circle of three and a module importing itself, and nothing in a chain', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a', 'd']],
    ['d', ['e']],
    ['e', []],
    ['f', ['f']],
  ]);
  const sorted = (groups: string[][]) => groups.map((group) => group.join(' ')).sort();
  assert.deepEqual(sorted(circles(graph)), ['a b c', 'f']);
});

test('no import circle under src/ (imports, re-exports and type imports alike)', () => {
  const graph = new Map(modules(SRC).map((file) => [file, importsOf(file)]));
  const found = circles(graph).map((group) => group.map((file) => relative(SRC, file)));
  assert.deepEqual(
    found,
    [],
    `${found.length} import circle(s) under src/:\n${found.map((group) => `- ${group.join(', ')}`).join('\n')}`,
  );
});

/**
 * src/proxy/'s folders, lowest first: a module may import from its own folder and the
 * folders before it, and of the top-level modules only the leaves every layer shares.
 */
const PROXY_LAYERS = ['http', 'policy', 'read', 'compose', 'render', 'lexicon'];
const PROXY_SHARED = ['options.ts', 'option-checks.ts', 'lru.ts'];

test("the proxy's layers depend one way: http ← policy ← read ← compose, render, lexicon ← proxy.ts", () => {
  const proxy = join(SRC, 'proxy');
  const layerOf = (file: string) => {
    const [first, ...rest] = relative(proxy, file).split('/');
    return rest.length ? PROXY_LAYERS.indexOf(first!) : PROXY_LAYERS.length;
  };
  const wrong: string[] = [];
  for (const file of modules(proxy)) {
    const layer = layerOf(file);
    if (layer == PROXY_LAYERS.length) continue; // the top level wires the layers
    for (const target of importsOf(file)) {
      if (!target.startsWith(proxy)) continue;
      const name = relative(proxy, target);
      const allowed = PROXY_SHARED.includes(name) || layerOf(target) <= layer;
      // compose, render and lexicon are side by side: none imports another.
      const sideways =
        layer >= 3 &&
        layerOf(target) >= 3 &&
        layerOf(target) < PROXY_LAYERS.length &&
        layerOf(target) != layer;
      if (!allowed || sideways) wrong.push(`${relative(proxy, file)} → ${name}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test("nothing under src/ imports from test/ (an element's fixture types are in src/)", () => {
  const TEST = join(root, 'test');
  const wrong = modules(SRC).flatMap((file) =>
    relativeImports(file)
      .filter((target) => target.startsWith(TEST))
      .map((target) => `${relative(root, file)} → ${relative(root, target)}`),
  );
  assert.deepEqual(wrong, []);
});
