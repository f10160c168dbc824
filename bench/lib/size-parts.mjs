// What each part of the CDN file costs: every character of the minified file
// is attributed to its source through the source map, sources are grouped by
// part (Lit, the client, the widgets' shared code, each element, the embed),
// and the min+gzip size is shared out in proportion to the minified bytes.
// (gzip does not split exactly; the shares add up to the file's size.)
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(segment) {
  const numbers = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      numbers.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return numbers;
}

/** The part a source file belongs to. */
export function partOf(source) {
  if (/node_modules\/(lit|lit-html|lit-element|@lit)\//.test(source)) return 'Lit';
  const inSrc = source.match(/src\/([^/]+)\/(?:([^/]+)\/)?/);
  if (!inSrc) return 'other';
  if (inSrc[1] != 'components') return inSrc[1];
  // src/components/*.ts itself: the registry of elements and their manifests' helper.
  if (!inSrc[2]) return 'registry';
  return inSrc[2] == 'base' ? 'widgets (base)' : inSrc[2];
}

/** `{ part: { min, gzip } }` for the bundle at `file` (with `file.map` beside it). */
export async function sizeParts(file) {
  const code = await readFile(file, 'utf8');
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8'));
  const lines = code.split('\n');
  const minBytes = {};
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    const segments = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta !== undefined) source += sourceDelta;
      segments.push([column, sourceDelta === undefined ? 'other' : partOf(map.sources[source])]);
    }
    segments.forEach(([start, part], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
      minBytes[part] = (minBytes[part] ?? 0) + end - start;
    });
  });
  const gzip = gzipSync(code, { level: 9 }).length;
  const parts = {};
  for (const [part, min] of Object.entries(minBytes).sort((a, b) => b[1] - a[1]))
    parts[part] = { min, gzip: Math.round((gzip * min) / code.length) };
  return parts;
}
