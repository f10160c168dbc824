// Size: the CDN file's min+gzip size beside a bare LitElement built by the
// same config: the CDN build's own plugins from rollup.config.mjs (node-resolve,
// terser with its options, …) without TypeScript, the version stamp and the
// budget check, iife; gzip level 9 as the build's budget check. Sizes are
// deterministic: one sample each.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { measure } from '../lib/figures.mjs';
import { sizeParts } from '../lib/size-parts.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CDN_FILE = join(root, 'dist/cdn/pubnet.min.js');
const AUTOLINK_FILE = join(root, 'dist/cdn/pubnet-autolink.min.js');
/** The auto-linking file's goal (rollup.config.mjs has the same number). */
const AUTOLINK_TARGET = 5 * 1024;
/** Plugins of the CDN build that have nothing to do with a plain .js file or are not output. */
const NOT_FOR_BARE = ['typescript', 'pubnet-version', 'pubnet-cdn-budget'];

/**
 * The CDN build's plugins and size goal, read from rollup.config.mjs: the
 * goal is the target (`CDN_TARGET`, 14 KB), not the ceiling that fails the
 * build (`CDN_BUDGET`, 15 KB). When the config cannot be read: node-resolve +
 * terser as the build first was, and 14 KB.
 */
async function cdnBuild() {
  try {
    const config = await import('../../rollup.config.mjs');
    const cdn = config.default.find((c) => c.output?.format === 'iife');
    return {
      plugins: cdn.plugins.filter((p) => p && !NOT_FOR_BARE.includes(p.name)),
      budget: config.CDN_TARGET ?? config.CDN_BUDGET ?? 14 * 1024,
      ceiling: config.CDN_BUDGET,
    };
  } catch (error) {
    return {
      plugins: [
        resolve({ browser: true }),
        terser({ ecma: 2020, module: false, format: { comments: false } }),
      ],
      budget: 14 * 1024,
      note: `rollup.config.mjs not usable (${error.message}); bare Lit built with defaults`,
    };
  }
}

const gzipSize = (code) => gzipSync(code, { level: 9 }).length;

/** Builds bench/fixtures/bare-lit.js into a temp dir; its min+gzip size in bytes. */
async function bareLitSize(plugins) {
  const out = await mkdtemp(join(tmpdir(), 'pubnet-bench-'));
  try {
    const bundle = await rollup({ input: join(root, 'bench/fixtures/bare-lit.js'), plugins });
    const file = join(out, 'bare-lit.min.js');
    await bundle.write({ file, format: 'iife' });
    await bundle.close();
    return gzipSize(await readFile(file));
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** The newest modification time among the files the CDN bundle is built from. */
function newestSource() {
  let newest = { time: 0, path: '' };
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const s = statSync(path);
      if (s.isDirectory()) walk(path);
      else if (s.mtimeMs > newest.time) newest = { time: s.mtimeMs, path };
    }
  };
  for (const dir of ['src/components', 'src/embed', 'src/client']) walk(join(root, dir));
  return newest;
}

export async function sizeFigures() {
  const build = await cdnBuild();
  const { budget } = build;
  let lit;
  const bare = await measure(
    {
      name: 'size.bareLit',
      label: 'Size: bare LitElement, min+gzip',
      unit: 'B',
      goal: '(reference)',
    },
    async () => {
      lit = await bareLitSize(build.plugins);
      return {
        samples: [lit],
        plugins: build.plugins.map((p) => p.name),
        summary: `bench/fixtures/bare-lit.js; plugins: ${build.plugins.map((p) => p.name).join(', ')}`,
        ...(build.note && { notes: [build.note] }),
      };
    },
  );
  bare.ok = bare.error ? false : null; // a reference, not a goal

  const cdn = await measure(
    {
      name: 'size.cdn',
      label: 'Size: dist/cdn/pubnet.min.js, min+gzip',
      unit: 'B',
      goal: `≤ ${budget} B (${Math.round(budget / 1024)} KB)`,
      max: budget,
    },
    async () => {
      const code = await readFile(CDN_FILE);
      const built = (await stat(CDN_FILE)).mtimeMs;
      const source = newestSource();
      const notes = [];
      if (source.time > built)
        notes.push(
          `stale: built ${new Date(built).toISOString()}, before the last change to ` +
            `${source.path.slice(root.length)} (a failed build leaves the old file)`,
        );
      const gz = gzipSize(code);
      const ratio = lit ? Math.round((gz / lit) * 100) / 100 : null;
      const parts = await sizeParts(CDN_FILE);
      const partsText = Object.entries(parts)
        .map(([part, size]) => `${part} ${size.gzip} B`)
        .join(', ');
      return {
        samples: [gz],
        minBytes: code.length,
        ratioToLit: ratio,
        parts,
        overLitBytes: lit ? gz - lit : null,
        builtAt: new Date(built).toISOString(),
        buildCeiling: build.ceiling,
        summary:
          (lit ? `${ratio}× bare Lit, ${gz - lit} B more; ` : 'bare Lit not measured; ') +
          `${code.length} B minified` +
          (build.ceiling ? `; the build fails above ${build.ceiling} B` : '') +
          `; by part (share of min+gzip): ${partsText}`,
        ...(notes.length && { notes }),
      };
    },
  );
  const autolink = await measure(
    {
      name: 'size.autolink',
      label: 'Size: dist/cdn/pubnet-autolink.min.js, min+gzip',
      unit: 'B',
      goal: `≤ ${AUTOLINK_TARGET} B (${AUTOLINK_TARGET / 1024} KB, issue 21)`,
      max: AUTOLINK_TARGET,
    },
    async () => {
      const code = await readFile(AUTOLINK_FILE);
      const gz = gzipSize(code);
      const { budget } = JSON.parse(await readFile(`${AUTOLINK_FILE}.size.json`, 'utf8'));
      const parts = Object.entries(await sizeParts(AUTOLINK_FILE))
        .map(([part, size]) => `${part} ${size.gzip} B`)
        .join(', ');
      return {
        samples: [gz],
        minBytes: code.length,
        summary: `no Lit; ${code.length} B minified; the build fails above ${budget} B; by part: ${parts}`,
      };
    },
  );
  return [cdn, autolink, bare];
}
