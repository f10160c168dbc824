/**
 * The last step of every answer with a body the proxy makes (JSON reads,
 * rendered HTML, stylesheets): the representation for this request. One
 * place decides the encoding (gzip, and br where the runtime's
 * CompressionStream has brotli, for bodies over 1 KiB the client accepts),
 * the ETag of that encoding (`"h"`, `"h-gzip"`, `"h-br"`), the bodiless `304`
 * for an `If-None-Match` naming it, and the bodiless answer to HEAD (the same
 * headers as GET). Encoded bytes are kept per ETag and encoding, so a
 * cached answer is compressed (and encoded as UTF-8) once, not on every hit,
 * and a kept answer's headers are made once per variant.
 */
import { BoundedLru } from '../lru.js';
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
 * Encoded bodies (compressed, or the identity's UTF-8 bytes) by the variant's
 * ETag or a kept answer's number: answers repeat, so their bytes are made
 * once. At most 512 of them and 8 MiB in all, for 10 minutes each, whatever
 * visitors ask for (api-contract §13).
 */
const encoded = new BoundedLru<Uint8Array<ArrayBuffer>>(512, 8 * 1024 * 1024);
const ENCODED_LIFETIME = 10 * 60_000;
const utf8 = new TextEncoder();

/**
 * The encoding to send for an `Accept-Encoding` header: the best one the
 * runtime has that the header accepts with a non-zero weight (`*` counts).
 */
export function chooseEncoding(header: string | null): Encoding | undefined {
  if (!header) return undefined;
  const known = chosen.get(header);
  if (known !== undefined) return known || undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get('*') ?? 0;
  const encoding = encodings().find(([name]) => (weights.get(name) ?? star) > 0)?.[0];
  // Browsers send a handful of headers: the last few are remembered, whatever visitors send.
  if (chosen.size >= CHOSEN_MAX) chosen.delete(chosen.keys().next().value!);
  chosen.set(header, encoding ?? '');
  return encoding;
}

/** The encoding chosen for the last {@link CHOSEN_MAX} `Accept-Encoding` headers ('' for none). */
const chosen = new Map<string, Encoding | ''>();
const CHOSEN_MAX = 32;

async function compress(text: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const format = encodings().find(([name]) => name === encoding)![1] as CompressionFormat;
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A variant's ETag: `"h"` for the identity, `"h-gzip"` for gzip. */
const variantTag = (etag: string, encoding: Encoding | undefined) =>
  encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;

/** A representation's status and headers, as `Response` takes them. */
type Init = ResponseInit & { status: number; headers: Record<string, string> };

/**
 * A kept answer (a cache entry's, alive as long as the entry) and what its
 * headers depend on besides it: a few values at most (the cache state, the
 * CORS variant, whether it is a read), never a visitor's free text.
 */
export interface Kept {
  answer: object;
  variant: string;
}

/** What is made once per kept answer: its number (for its encoded bodies) and its headers by variant and encoding. */
interface Made {
  id: number;
  inits: Map<string, Init>;
}
const made = new WeakMap<object, Made>();
let lastId = 0;

/** The status and headers of one encoding of a body. */
function initOf(
  status: number,
  headers: Record<string, string>,
  encodable: boolean,
  encoding: Encoding | undefined,
): Init {
  const all = { ...headers };
  if (encodable) {
    all.Vary = all.Vary ? `${all.Vary}, Accept-Encoding` : 'Accept-Encoding';
    if (encoding) {
      all['Content-Encoding'] = encoding;
      if (all.ETag) all.ETag = variantTag(all.ETag, encoding);
    }
  }
  // workerd would encode the body again as `Content-Encoding` says unless told it already is.
  return { status, headers: all, encodeBody: 'manual' } as Init;
}

/** Whether `request` has an `If-None-Match` naming the ETag of `init`. */
function notModified(request: Request, init: Init): boolean {
  const etag = init.headers.ETag;
  return !!etag && init.status === 200 && ifNoneMatch(request.headers.get('if-none-match'), etag);
}

/** The answer with `init`: `304` when `unchanged`, bodiless for HEAD. */
function respond(
  request: Request,
  init: Init,
  bytes: string | Uint8Array<ArrayBuffer> | null,
  unchanged: boolean,
): Response {
  if (unchanged) {
    const headers = { ...init.headers };
    delete headers['Content-Type'];
    delete headers['Content-Encoding'];
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : bytes, init);
}

/**
 * The answer to `request`: `body` (a text, or none) with `headers`, encoded
 * as the client accepts, or `304`, or bodiless for HEAD. `headers` may hold
 * the identity's `ETag`; a `Vary` in it is kept and `Accept-Encoding` added
 * whenever the body could have been encoded.
 *
 * A `kept` answer's representations are made once: the headers of each
 * variant and encoding the first time they are asked for (`headers` is then
 * a function, called only then), its encoded bodies (the identity's bytes
 * too) as every answer with an ETag has them. So a cache hit costs two
 * lookups, not a copy of its headers, an encoding and a compression.
 */
export function represent(
  request: Request,
  status: number,
  headers: Record<string, string> | (() => Record<string, string>),
  body: string | null,
  kept?: Kept,
): Response | Promise<Response> {
  // Measured in UTF-16 units: close enough to bytes to decide whether to bother.
  const encodable = body !== null && body.length > MIN_COMPRESSED && status === 200;
  const encoding = encodable ? chooseEncoding(request.headers.get('accept-encoding')) : undefined;
  let memo: Made | undefined;
  let init: Init | undefined;
  const variant = kept && `${kept.variant}\n${encoding ?? ''}`;
  if (kept) {
    memo = made.get(kept.answer);
    if (!memo) made.set(kept.answer, (memo = { id: ++lastId, inits: new Map() }));
    init = memo.inits.get(variant!);
  }
  if (!init) {
    init = initOf(status, typeof headers === 'function' ? headers() : headers, encodable, encoding);
    memo?.inits.set(variant!, init);
  }
  // No body to send: none, a HEAD, a 304.
  const unchanged = notModified(request, init);
  if (body === null || request.method === 'HEAD' || unchanged)
    return respond(request, init, null, unchanged);
  // By the variant's ETag, or a kept answer's number: either names these bytes alone.
  const key = init.headers.ETag ?? (memo && `#${memo.id} ${encoding ?? ''}`);
  const bytes = key ? encoded.get(key) : undefined;
  if (bytes) return respond(request, init, bytes, false);
  if (!encoding) {
    // An answer seen once goes as its text; one that repeats as bytes encoded once.
    if (!key) return respond(request, init, body, false);
    const identity = utf8.encode(body) as Uint8Array<ArrayBuffer>;
    encoded.set(key, identity, identity.byteLength + 128, ENCODED_LIFETIME);
    return respond(request, init, identity, false);
  }
  const ready = init;
  return compress(body, encoding).then((bytes) => {
    if (key) encoded.set(key, bytes, bytes.byteLength + 128, ENCODED_LIFETIME);
    return respond(request, ready, bytes, false);
  });
}
