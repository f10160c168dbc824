// The four interop apps (test/interop/apps/), built by one Vite build as a
// consumer's project would build them: in a temporary app folder whose
// node_modules/pubnet-widgets is a symlink to this package, so that
// `import 'pubnet-widgets'` goes through its `exports` to the npm build
// (dist/index.js), and lit is this package's one copy.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import vue from '@vitejs/plugin-vue';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export const FRAMEWORKS = ['react', 'preact', 'vue', 'svelte'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** The package root (where package.json is), as a real path. */
export const root = realpathSync(fileURLToPath(new URL('../../../', import.meta.url)));
const sources = fileURLToPath(new URL('../apps/', import.meta.url));
/** What the apps import, linked into the temporary node_modules. */
const LINKED = ['react', 'react-dom', 'preact', 'vue', 'svelte'];

export interface BuiltApps {
  /** The built site: `<framework>/index.html` and `assets/`. */
  out: string;
  /** The modules of each chunk, by chunk name (`react`…, and the shared chunk): real paths, query cut. */
  chunks: Map<string, string[]>;
  /** Removes the temporary folder (the links first, never what they point to). */
  remove(): void;
}

export async function buildApps(): Promise<BuiltApps> {
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-interop-'));
  const links: string[] = [];
  const remove = () => {
    for (const link of links) unlinkSync(link);
    links.length = 0;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    cpSync(sources, dir, { recursive: true });
    mkdirSync(join(dir, 'node_modules'));
    const link = (target: string, name: string) => {
      const path = join(dir, 'node_modules', name);
      symlinkSync(target, path, 'dir');
      links.push(path);
    };
    link(root, 'pubnet-widgets');
    for (const name of LINKED) link(join(root, 'node_modules', name), name);

    const chunks = new Map<string, string[]>();
    const recordModules: Plugin = {
      name: 'record-modules',
      generateBundle(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk')
            chunks.set(
              chunk.name,
              chunk.moduleIds.map((id) => id.replace(/\?.*$/, '')),
            );
      },
    };
    const out = join(dir, 'out');
    await build({
      root: dir,
      configFile: false,
      envFile: false,
      logLevel: 'error',
      plugins: [
        vue({
          template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('pubnet-') } },
        }),
        svelte({ configFile: false }),
        recordModules,
      ],
      // React by default; the Preact app says `@jsxImportSource preact`.
      oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
      build: {
        outDir: out,
        emptyOutDir: true,
        reportCompressedSize: false,
        rolldownOptions: {
          input: Object.fromEntries(
            FRAMEWORKS.map((name) => [name, join(dir, name, 'index.html')]),
          ),
        },
      },
    });
    return { out, chunks, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
