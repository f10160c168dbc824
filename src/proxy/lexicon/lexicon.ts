/**
 * The lexicon a proxy publishes at `GET <proxy>/lexicon/` (api-contract §15): built from the
 * publisher's offers by the proxy's own calls, kept in memory, rebuilt at most once an hour
 * and on demand ({@link ProxyLexicon.rebuild}).
 *
 * What a visitor can make it do is bounded (api-contract §13): nothing of a request goes into
 * the lexicon; no request is charged to a client's rate limit (the listing's calls are the
 * proxy's); and a request can only start the build that is due, by the clock: the first one,
 * then one an hour after the last build started (five minutes after a failed one, so a
 * proxy that started while the API was down does not stay without a lexicon for an hour).
 * Requests while it builds share that build. Once there is a lexicon, a due build runs in the
 * background (handed to the runtime's `waitUntil`) and requests keep getting the last one; a
 * build that fails leaves the last one answering (`stale` once its hour is over). With none
 * yet, a failure is answered as the other routes answer an upstream failure (502, 503 with
 * `Retry-After`, 504, or the API's own status), never kept by a CDN.
 */
import { busyAnswer, ownAnswer, type Answer, type UpstreamContext } from '../read/upstream.js';
import type { Read } from '../read/read-path.js';
import type { WaitUntil } from '../read/read-cache.js';
import { etagOf } from '../http/etag.js';
import { lexiconSettings } from '../option-checks.js';
import type { LexiconSettings, ResolvedLexiconSettings } from '../options.js';
import { utf8Length } from '../lru.js';
import { LexiconEntries, type LexiconText } from './entries.js';
import { listOffers } from './listing.js';

/** The path the lexicon is published at, under the proxy's base path. */
export const LEXICON_PATH = '/lexicon/';
/** How long a lexicon is fresh, in seconds: `Cache-Control: public, max-age=3600` (§15). */
export const LEXICON_MAX_AGE = 3600;
/** After a failed build, the next one is due this much later (ms). */
export const LEXICON_RETRY = 5 * 60_000;

/** What one build did. */
export type LexiconBuild =
  | {
      ok: true;
      /** The lexicon's version now. */
      version: string;
      /** Entries it holds, and the bytes of its answer (UTF-8 JSON). */
      entries: number;
      bytes: number;
      /** Whether its entries differ from the lexicon before it. */
      changed: boolean;
    }
  | {
      ok: false;
      /** The status answered for the failure, as the other routes would answer it. */
      status: number;
      /** Why (never the token), for a log line. */
      note: string;
      /** Whether a lexicon built before still answers. */
      kept: boolean;
    };

/** What a proxy's `lexicon` lets its embedder do (the CLI: on SIGHUP). */
export interface ProxyLexicon {
  /**
   * Builds the lexicon now, whatever the hour, with `settings` from now on when given (a
   * publisher's changed file). A build already running is let finish, and this one follows
   * it (several calls meanwhile share that one). Resolves with what it did; rejects only with
   * a `TypeError` naming the field of invalid `settings` (then nothing changes).
   */
  rebuild(settings?: LexiconSettings): Promise<LexiconBuild>;
}

/** What the lexicon needs from the proxy. */
export interface LexiconContext {
  upstream: UpstreamContext;
  token: string;
  now: () => number;
  settings: ResolvedLexiconSettings;
}

/** The lexicon built last: its answer (kept, so its encodings are made once) and when. */
interface Built {
  answer: Answer;
  version: string;
  entries: number;
  bytes: number;
  /** When its build started (ms, the proxy's clock). */
  at: number;
}

/** Why an answer is a failure, for the log. */
const why = (answer: Answer) => answer.note ?? `upstream ${answer.status}`;

export class Lexicon implements ProxyLexicon {
  readonly #context: LexiconContext;
  #settings: ResolvedLexiconSettings;
  #built: Built | undefined;
  /** The last build's failure, until one succeeds. */
  #failure: Answer | undefined;
  /** When a request may start the next build (ms). */
  #due = -Infinity;
  #flight: Promise<LexiconBuild> | undefined;
  /** The build that follows the one in flight, for {@link rebuild}. */
  #next: Promise<LexiconBuild> | undefined;

  constructor(context: LexiconContext) {
    this.#context = context;
    this.#settings = context.settings;
  }

  /** Whether `path` (below the base path) is the lexicon's. */
  static owns(path: string): boolean {
    return path === LEXICON_PATH;
  }

  /** Whether `method` on `path` is answered (GET and HEAD; another method is 405). */
  static serves(method: string, path: string): boolean {
    return Lexicon.owns(path) && (method === 'GET' || method === 'HEAD');
  }

  /**
   * The answer to a request for the lexicon: the one built last (`hit`; `stale` when it is
   * past its hour and the build since failed), the one built for this request (`miss`) or
   * with it (`shared`), or the failure when there is none. Never rejects. `waitUntil`: where a
   * background build goes.
   */
  async read(waitUntil?: WaitUntil): Promise<Read> {
    const { now, upstream } = this.#context;
    const due = !this.#flight && now() >= this.#due && upstream.backoff.remaining() === 0;
    const build = due ? this.#build() : this.#flight;
    const built = this.#built;
    if (built) {
      if (due) {
        waitUntil?.(build!);
        return { answer: built.answer, cache: 'hit', note: 'lexicon rebuilding' };
      }
      const failure = this.#failure;
      if (failure && now() - built.at >= LEXICON_MAX_AGE * 1000)
        return { answer: built.answer, cache: 'stale', note: `stale: ${why(failure)}` };
      return { answer: built.answer, cache: 'hit' };
    }
    if (build) await build;
    const made = this.#built;
    if (made) return { answer: made.answer, cache: due ? 'miss' : 'shared' };
    // While the API asks for a pause, that is the answer (with the time left), not the failure.
    const answer =
      upstream.backoff.remaining() > 0 || !this.#failure
        ? busyAnswer(upstream.backoff)
        : this.#failure;
    return { answer, cache: '-', note: `lexicon: ${why(answer)}` };
  }

  rebuild(settings?: LexiconSettings): Promise<LexiconBuild> {
    if (settings !== undefined) {
      try {
        this.#settings = lexiconSettings(settings);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    const running = this.#flight;
    if (!running) return this.#build();
    // That build may have read the offers, or the settings, before the change: one more.
    this.#next ??= running.then(() => {
      this.#next = undefined;
      return this.#build();
    });
    return this.#next;
  }

  /** The build in flight, or a new one. */
  #build(): Promise<LexiconBuild> {
    this.#flight ??= this.#run().finally(() => {
      this.#flight = undefined;
    });
    return this.#flight;
  }

  /** One build: lists the offers, makes the answer, keeps it. Never rejects. */
  async #run(): Promise<LexiconBuild> {
    const { upstream, token, now } = this.#context;
    const kept = !!this.#built;
    // The API asked for a pause: nothing is called, and the next request may try again.
    if (upstream.backoff.remaining() > 0)
      return { ok: false, status: 503, note: 'lexicon: backing off', kept };
    const at = now();
    let failure: Answer | undefined;
    try {
      const entries = new LexiconEntries(this.#settings);
      failure = await listOffers(upstream, token, (results) => {
        entries.add(results);
        return entries.full;
      });
      if (!failure) return await this.#keep(await entries.text(), at);
    } catch {
      failure = ownAnswer(500, 'The proxy failed.', 'internal error');
    }
    this.#failure = failure;
    this.#due = at + LEXICON_RETRY;
    return { ok: false, status: failure.status, note: `lexicon: ${why(failure)}`, kept };
  }

  /** Keeps a built lexicon (the same answer as before when its entries did not change). */
  async #keep(text: LexiconText, at: number): Promise<LexiconBuild> {
    const before = this.#built;
    const changed = before?.version !== text.version;
    const answer: Answer =
      before && !changed
        ? before.answer
        : { status: 200, body: text.body, upstream: true, etag: await etagOf(text.body) };
    const bytes = utf8Length(text.body);
    this.#built = { answer, version: text.version, entries: text.entries, bytes, at };
    this.#failure = undefined;
    this.#due = at + LEXICON_MAX_AGE * 1000;
    return { ok: true, version: text.version, entries: text.entries, bytes, changed };
  }
}
