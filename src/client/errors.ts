/**
 * The client's errors. Everything the client throws on purpose extends
 * {@link PubnetError} and has its `name` set to its class name, so errors are
 * recognisable by `name` even across two copies of the library (see
 * `guards.ts`). Each class sets it on its own prototype in a `static` block, as
 * a string: a minifier renames classes, and a prototype property (unlike an
 * instance field) stays out of `Object.keys` and JSON, as on built-in errors.
 * Aborting a call rejects with the signal's reason instead.
 *
 * Messages: `Request failed with status code 503: GET <url>`,
 * `Invalid JSON in response: GET <url>`,
 * `Request timed out after 10000 ms: GET <url>`, `Network error: GET <url>`,
 * `Invalid sid, deep_link (request not sent): PUT <url>`.
 */

/** What was asked, as recorded on an error. The token is never recorded. */
export interface RequestInfo {
  readonly method: string;
  readonly url: string;
}

const asRecord = (body: unknown) =>
  Object(typeof body == 'object' ? body : {}) as Record<string, unknown>;

/** The base of every error of the client: each one is about a `request`. */
export class PubnetError extends Error {
  static {
    this.prototype.name = 'PubnetError';
  }
  constructor(
    message: string,
    readonly request: RequestInfo,
    options?: ErrorOptions,
  ) {
    super(`${message}: ${request.method} ${request.url}`, options);
  }
}

/**
 * The server answered with a status that is not 2xx (or, for {@link ParseError},
 * a 2xx whose body is not JSON). `body` is the parsed JSON body, else the raw
 * text, else `undefined` (empty). `response` is the `Response` (its body has
 * been read); it is `undefined` for a {@link ValidationError} raised before
 * sending.
 */
export class HttpError extends PubnetError {
  static {
    this.prototype.name = 'HttpError';
  }
  constructor(
    request: RequestInfo,
    readonly status: number,
    readonly body?: unknown,
    readonly response?: Response,
    message = 'Request failed with status code ' + status,
  ) {
    super(message, request);
  }
}

/**
 * A 2xx answer whose body is not valid JSON (`body` is the raw text). It is
 * an `HttpError` so that one `isHttpError` check covers every bad answer.
 */
export class ParseError extends HttpError {
  static {
    this.prototype.name = 'ParseError';
  }
}

/**
 * 400: validation failed, on the server (DRF body `{field: [messages]}`) or
 * in the client before sending (then `response` is `undefined`).
 */
export class ValidationError extends HttpError {
  static {
    this.prototype.name = 'ValidationError';
  }
  /**
   * The body's fields with their messages, as the server sent them (DRF:
   * `{"field": ["message", …], "non_field_errors": ["…"]}`, so the errors not
   * tied to a field are `fields.non_field_errors`); `{}` when the body is not
   * an object. Checks made before sending name each field the same way.
   */
  get fields(): Record<string, string[]> & { non_field_errors?: string[] } {
    return asRecord(this.body) as Record<string, string[]>;
  }
}

/** 401 or 403: no or bad token, or no permission. */
export class AuthError extends HttpError {
  static {
    this.prototype.name = 'AuthError';
  }
}

/** 404: unknown id or path. */
export class NotFoundError extends HttpError {
  static {
    this.prototype.name = 'NotFoundError';
  }
}

/** 409: a write with a stale `_version` (optimistic lock). */
export class ConflictError extends HttpError {
  static {
    this.prototype.name = 'ConflictError';
  }
  /** The stored version, when the body says it (`_version`). */
  get currentVersion(): number | undefined {
    const version = asRecord(this.body)._version;
    return typeof version == 'number' ? version : undefined;
  }
}

/** 429: rate limited. */
export class RateLimitError extends HttpError {
  static {
    this.prototype.name = 'RateLimitError';
  }
  /** The `Retry-After` header in seconds (an HTTP date counts from now), if any. */
  get retryAfter(): number | undefined {
    const milliseconds = parseRetryAfter(this.response?.headers.get('retry-after'), Date.now());
    return milliseconds && milliseconds / 1e3;
  }
}

/** No complete answer within the `timeout` (ms) of one attempt. */
export class TimeoutError extends PubnetError {
  static {
    this.prototype.name = 'TimeoutError';
  }
  constructor(
    request: RequestInfo,
    readonly timeout: number,
  ) {
    super(`Request timed out after ${timeout} ms`, request);
  }
}

/** `fetch` itself failed (offline, DNS, refused, CORS…); the original error is `cause`. */
export class NetworkError extends PubnetError {
  static {
    this.prototype.name = 'NetworkError';
  }
  constructor(request: RequestInfo, cause: unknown) {
    super('Network error', request, { cause });
  }
}

const byStatus: Record<number, typeof HttpError> = {
  400: ValidationError,
  401: AuthError,
  403: AuthError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

/**
 * The typed error for a non-2xx answer. `text` is the raw body; JSON is
 * parsed when it can be, else the text itself is kept (`undefined` if empty).
 */
export function httpError(
  request: RequestInfo,
  response: Response,
  text: string,
  status = response.status,
): HttpError {
  let body: unknown = text || undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return new (byStatus[status] ?? HttpError)(request, status, body, response);
}

/**
 * `Retry-After` as ms from `now` (never negative): delta-seconds or an HTTP
 * date. `undefined` when absent or unreadable. The client's retries and the
 * proxy's upstream back-off (src/proxy/read/backoff.ts) both read it here.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  // NaN when absent or unreadable
  const milliseconds = value
    ? /^\s*\d+\s*$/.test(value)
      ? 1e3 * +value
      : Date.parse(value) - now
    : NaN;
  return milliseconds == milliseconds ? Math.max(0, milliseconds) : undefined;
}
