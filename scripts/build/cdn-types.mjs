// Types for the CDN scripts (issue 24): dist/cdn/pubnet.min.d.ts and
// dist/cdn/pubnet-autolink.min.d.ts, which `exports` gives as the types of
// `pubnet-widgets/cdn/*.min.js`. The scripts are classic scripts that set
// `window.Pubnet`; their types are the npm build's own declarations of it
// (src/embed/global.ts, and src/embed/extend-global.ts's `declare global`), so
// they stay true. `import 'pubnet-widgets/cdn/pubnet.min.js'` (or
// `import type {} from …`) in a project that loads the script declares
// `window.Pubnet`. Then the declarations of dist/embed/ that nothing reaches
// (the CDN entries have no module in the npm build) are removed, so that the
// package ships no declaration without a reason. Run after rollup.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

const header = (script) => `/**
 * Types of ${script}, a classic script: it sets \`window.Pubnet\`
 * (PubnetGlobal). Import it for its types where the page loads the script.
 */
import '../embed/extend-global.js';
export type { PubnetAutolink, PubnetGlobal } from '../embed/global.js';
`;
writeFileSync(`${dist}cdn/pubnet.min.d.ts`, header('`pubnet-widgets/cdn/pubnet.min.js`'));
writeFileSync(
  `${dist}cdn/pubnet-autolink.min.d.ts`,
  header('`pubnet-widgets/cdn/pubnet-autolink.min.js`'),
);

/** dist/ files (posix, relative) a declaration file reaches by relative imports. */
const reached = new Set();
const visit = (file) => {
  if (reached.has(file)) return;
  reached.add(file);
  const text = readFileSync(`${dist}${file}`, 'utf8');
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
    visit(posix.join(posix.dirname(file), specifier).replace(/\.js$/, '.d.ts'));
};
visit('cdn/pubnet.min.d.ts');
visit('cdn/pubnet-autolink.min.d.ts');
for (const name of readdirSync(`${dist}embed`)) {
  if (!reached.has(`embed/${name}`)) rmSync(`${dist}embed/${name}`, { recursive: true });
}
