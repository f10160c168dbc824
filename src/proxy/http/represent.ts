/**
 * The last step of every answer with a body the proxy makes (JSON reads,
 * rendered HTML, stylesheets): the representation for this request. One
 * place decides the encoding (gzip, and br where the runtime's
 * CompressionStream has brotli, for bodies over 1 KiB the client accepts),
 * the ETag of that encoding (`"h"`, `"h-gzip"`, `"h-br"`), the bodiless `304`
 * for an `If-None-Match` naming it, and the bodiless answer to HEAD (the same
 * headers as GET). Compressed bytes are kept per ETag and encoding, so a
 * cached answer is compressed once, not on every hit.
 */
import { BoundedLru } from '../read/lru.js';
import { ifNoneMatch } from './etag.js';

/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED = 1024;

type Encoding = 'br' | 'gzip';

/** The CompressionStream format of each encoding, best first. */
const FORMATS: [Encoding, string][] = [
  ['br', 'brotli'],
  ['gzip', 'gzip'],
];

function supported(format: string): boolean {
  try {
    new CompressionStream(format as CompressionFormat);
    return true;
  } catch {
    return false;
  }
}

/** The encodings this runtime can produce, best first (decided once). */
let available: [Encoding, string][] | undefined;
const encodings = () => (available ??= FORMATS.filter(([, format]) => supported(format)));

/**
 * Compressed bodies by `ETag encoding`: answers repeat, so their bytes are made
 * once. At most 256 of them and 4 MiB in all, for 10 minutes each, whatever
 * visitors ask for (api-contract §13).
 */
const compressed = new BoundedLru<Uint8Array<ArrayBuffer>>(256, 4 * 1024 * 1024);
const COMPRESSED_LIFETIME = 10 * 60_000;

/**
 * The encoding to send for an `Accept-Encoding` header: the best one the
 * runtime has that the header accepts with a non-zero weight (`*` counts).
 */
export function chooseEncoding(header: string | null): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get('*') ?? 0;
  return encodings().find(([name]) => (weights.get(name) ?? star) > 0)?.[0];
}

async function compress(text: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const format = encodings().find(([name]) => name === encoding)![1] as CompressionFormat;
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A variant's ETag: `"h"` for the identity, `"h-gzip"` for gzip. */
const variantTag = (etag: string, encoding: Encoding | undefined) =>
  encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;

/**
 * The answer to `request`: `body` (a text, or none) with `headers`, encoded
 * as the client accepts, or `304`, or bodiless for HEAD. `headers` may hold
 * the identity's `ETag`; a `Vary` in it is kept and `Accept-Encoding` added
 * whenever the body could have been encoded.
 */
export async function represent(
  request: Request,
  status: number,
  headers: Record<string, string>,
  body: string | null,
): Promise<Response> {
  const all = { ...headers };
  let bytes: string | Uint8Array<ArrayBuffer> | null = body;
  const etag = all.ETag;
  // Measured in UTF-16 units: close enough to bytes to decide whether to bother.
  const encodable = body !== null && body.length > MIN_COMPRESSED && status === 200;
  if (encodable) {
    all.Vary = all.Vary ? `${all.Vary}, Accept-Encoding` : 'Accept-Encoding';
    const encoding = chooseEncoding(request.headers.get('accept-encoding'));
    if (encoding) {
      all['Content-Encoding'] = encoding;
      if (etag) all.ETag = variantTag(etag, encoding);
      const memo = etag && `${etag} ${encoding}`;
      let made = memo ? compressed.get(memo) : undefined;
      if (!made) {
        made = await compress(body, encoding);
        if (memo) compressed.set(memo, made, made.byteLength + 128, COMPRESSED_LIFETIME);
      }
      bytes = made;
    }
  }
  if (all.ETag && status === 200 && ifNoneMatch(request.headers.get('if-none-match'), all.ETag)) {
    delete all['Content-Type'];
    delete all['Content-Encoding'];
    return new Response(null, { status: 304, headers: all });
  }
  if (request.method === 'HEAD') bytes = null;
  // workerd would encode the body again as `Content-Encoding` says unless told it already is.
  const init = { status, headers: all, encodeBody: 'manual' } as ResponseInit;
  return new Response(bytes, init);
}
