import { expect } from '@open-wc/testing';
import {
  createClient,
  HttpError,
  RateLimitError,
  NetworkError,
  TimeoutError,
} from '../../src/client/index.js';
import { parseRetryAfter } from '../../src/client/errors.js';
import { retryDelay, retryPolicy } from '../../src/client/retry.js';
import {
  jsonResponse,
  known,
  queuedTimers,
  received,
  recordingTimers,
  rejection,
  setup,
} from './support/client.js';

const OFFERS = '/publisher/offers/';

describe('retries', () => {
  it('waits the Retry-After seconds, then succeeds (injected clock)', async () => {
    const { delays, timers } = recordingTimers();
    const { emu, client } = await setup(
      { timers, timeout: false },
      { faults: [{ path: OFFERS, kind: 'status', status: 429, retryAfter: 3, times: 1 }] },
    );
    const page = await client.offers.list();
    expect(page.results.length).to.be.above(0);
    expect(delays).to.deep.equal([3000]);
    expect(await received(emu, 'GET', OFFERS)).to.have.length(2);
    await emu.stop();
  });

  it('waits the Retry-After seconds of a 503: no retry until that wait is over', async () => {
    const held = queuedTimers();
    const { emu, client } = await setup(
      { timers: held.timers, timeout: false },
      { faults: [{ path: OFFERS, kind: 'status', status: 503, retryAfter: 1, times: 1 }] },
    );
    const page = client.offers.list();
    const wait = await held.next(); // set once the 503 is in
    expect(wait.ms).to.equal(1000);
    expect(await received(emu, 'GET', OFFERS)).to.have.length(1);
    wait.fire();
    expect((await page).results.length).to.be.above(0);
    expect(await received(emu, 'GET', OFFERS)).to.have.length(2);
    await emu.stop();
  });

  it('honours Retry-After as an HTTP date, against the injected clock', async () => {
    const { delays, timers } = recordingTimers(Date.UTC(2030, 0, 1, 12, 0, 0));
    const answers = [
      jsonResponse({ detail: 'slow down' }, 503, {
        'Retry-After': 'Tue, 01 Jan 2030 12:00:05 GMT',
      }),
      jsonResponse({ count: 0, next: null, previous: null, results: [] }),
    ];
    const client = createClient({
      baseUrl: 'https://api.example',
      timers,
      timeout: false,
      fetch: async () => answers.shift()!,
    });
    await client.offers.list();
    expect(delays).to.deep.equal([5000]);
  });

  it('does not wait for a Retry-After beyond maxRetryAfter: throws the RateLimitError', async () => {
    const { delays, timers } = recordingTimers();
    const { emu, client } = await setup(
      { timers, timeout: false, retry: { maxRetryAfter: 2000 } },
      { faults: [{ path: OFFERS, kind: 'status', status: 429, retryAfter: 60 }] },
    );
    const e = (await rejection(client.offers.list())) as RateLimitError;
    expect(e).to.be.instanceOf(RateLimitError);
    expect(e.retryAfter).to.equal(60);
    expect(delays).to.deep.equal([]);
    expect(await received(emu, 'GET', OFFERS)).to.have.length(1);
    await emu.stop();
  });

  it('backs off exponentially with jitter and a cap (injected random)', async () => {
    const { delays, timers } = recordingTimers();
    const { emu, client } = await setup(
      {
        timers,
        timeout: false,
        random: () => 0.5,
        retry: { limit: 5, delay: 100, backoffLimit: 1000 },
      },
      { faults: [{ path: OFFERS, kind: 'status', status: 500 }] },
    );
    const e = (await rejection(client.offers.list())) as HttpError;
    expect(e.status).to.equal(500);
    expect(delays).to.deep.equal([50, 100, 200, 400, 500]);
    await emu.stop();
  });

  it('respects the limit: 1 + limit requests, then the last error', async () => {
    const { emu, client } = await setup(
      { retry: { limit: 3, delay: 1 } },
      { faults: [{ path: OFFERS, kind: 'status', status: 502 }] },
    );
    const e = (await rejection(client.offers.list())) as HttpError;
    expect(e.status).to.equal(502);
    expect(await received(emu, 'GET', OFFERS)).to.have.length(4);
    await emu.stop();
  });

  it('retries 2 times by default', async () => {
    const { emu, client } = await setup(
      { retry: { delay: 1 } },
      { faults: [{ path: OFFERS, kind: 'status', status: 504 }] },
    );
    await rejection(client.offers.list());
    expect(await received(emu, 'GET', OFFERS)).to.have.length(3);
    await emu.stop();
  });

  it('never retries a POST; retries the tracking-link PUT (marked idempotent)', async () => {
    const { emu, client } = await setup(
      {},
      {
        faults: [
          { path: '/publisher/adslots/', method: 'POST', kind: 'status', status: 503 },
          { path: '/publisher/offers/*/tracking_link/', kind: 'status', status: 503, times: 1 },
        ],
      },
    );
    const e = (await rejection(
      client.adslots.create({ body: { title: 'T', website: known.website.id, type: 'manual' } }),
    )) as HttpError;
    expect(e.status).to.equal(503);
    expect(await received(emu, 'POST', '/publisher/adslots/')).to.have.length(1);
    // PUT left out of the retried methods: only the route's `idempotent` mark retries it
    const getsOnly = createClient({
      baseUrl: emu.url,
      token: emu.token,
      origin: null,
      retry: { delay: 1, methods: ['GET'] },
    });
    const link = await getsOnly.offers.trackingLink(
      { uuid: known.offers[0] },
      { body: { website: known.website.guid } },
    );
    expect(link.tracking_link).to.be.a('string');
    expect(await received(emu, 'PUT', /tracking_link/)).to.have.length(2);
    await emu.stop();
  });

  it('does not retry 4xx answers other than 408 and 429', async () => {
    const { emu, client } = await setup();
    await rejection(client.offers.get({ uuid: 'missing' }));
    expect(await received(emu, 'GET', /missing/)).to.have.length(1);
    await emu.stop();
    for (const [status, attempts] of [
      [400, 1],
      [401, 1],
      [403, 1],
      [409, 1],
      [422, 1],
      [408, 2],
      [429, 2],
    ]) {
      let calls = 0;
      const stubbed = createClient({
        baseUrl: 'https://api.example/',
        retry: { delay: 1, limit: 1 },
        fetch: async () => (calls++, jsonResponse({ detail: 'x' }, status)),
      });
      await rejection(stubbed.offers.list());
      expect(calls, `${status}`).to.equal(attempts);
    }
  });

  it('retries network errors', async () => {
    let calls = 0;
    const client = createClient({
      baseUrl: 'https://api.example/',
      retry: { delay: 1 },
      fetch: async () => {
        if (++calls < 3) throw new TypeError('Failed to fetch');
        return jsonResponse({ ok: 1 });
      },
    });
    expect(await client.system.getGeoip()).to.deep.equal({ ok: 1 });
    expect(calls).to.equal(3);
    const failing = createClient({
      baseUrl: 'https://api.example/',
      retry: { delay: 1, limit: 1 },
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await rejection(failing.system.getGeoip())).to.be.instanceOf(NetworkError);
  });

  it('a timeout is a TimeoutError and is not retried', async () => {
    const held = queuedTimers();
    const { emu, client } = await setup(
      { timers: held.timers, timeout: 100 },
      { faults: [{ path: OFFERS, kind: 'hang' }] },
    );
    const pending = client.offers.list();
    const timeout = await held.next();
    expect(timeout.ms).to.equal(100);
    await emu.received('GET', '/'); // the server holds it (hang)
    timeout.fire();
    // Retried, the call would wait on a held backoff and never settle.
    expect(await rejection(pending)).to.be.instanceOf(TimeoutError);
    expect(held.pending.size).to.equal(0);
    expect(await received(emu, 'GET', OFFERS)).to.have.length(1);
    await emu.stop();
  });

  it('the timeout covers a slow server too (latency over the timeout)', async () => {
    const held = queuedTimers();
    // the emulator's latency is real time: it outlasts the test, which aborts it
    const { emu, client } = await setup({ timers: held.timers, timeout: 200 }, { latency: 60_000 });
    const pending = client.offers.list();
    const timeout = await held.next();
    expect(timeout.ms).to.equal(200);
    await emu.received('GET', '/'); // in, and held for its latency
    timeout.fire();
    const e = (await rejection(pending)) as TimeoutError;
    expect(e).to.be.instanceOf(TimeoutError);
    expect(e.timeout).to.equal(200);
    await emu.stop();
  });

  it("the caller's signal aborts a backoff wait: rejects with its reason, no further attempt", async () => {
    const held = queuedTimers();
    const { emu, client } = await setup(
      { timers: held.timers, timeout: false, retry: { maxRetryAfter: 60_000 } },
      { faults: [{ path: OFFERS, kind: 'status', status: 503, retryAfter: 30 }] },
    );
    const controller = new AbortController();
    const pending = client.offers.list({ signal: controller.signal });
    const wait = await held.next(); // the 503 is in: the retry waits 30 s
    expect(wait.ms).to.equal(30_000);
    controller.abort();
    // The held wait never fires, so only the abort can settle the call.
    const e = (await rejection(pending)) as DOMException;
    expect(e).to.equal(controller.signal.reason);
    expect(e.name).to.equal('AbortError');
    // Cleared, the wait can no longer start a retry.
    expect(held.cleared).to.deep.equal([wait.id]);
    expect(held.pending.size).to.equal(0);
    expect(await received(emu, 'GET', OFFERS)).to.have.length(1);
    await emu.stop();
  });

  it("the caller's signal aborts a request in flight, with its own reason", async () => {
    const { emu, client } = await setup({}, { faults: [{ path: OFFERS, kind: 'hang' }] });
    const controller = new AbortController();
    const pending = client.offers.list({ signal: controller.signal });
    const reason = new Error('navigated away');
    await emu.received('GET', '/'); // the server holds it (hang)
    controller.abort(reason);
    expect(await rejection(pending)).to.equal(reason);
    expect(await rejection(client.offers.list({ signal: AbortSignal.abort(reason) }))).to.equal(
      reason,
    );
    expect(await received(emu, 'GET', OFFERS)).to.have.length(1);
    await emu.stop();
  });

  it('an abort that lands with a retryable answer is not retried', async () => {
    const controller = new AbortController();
    const reason = new Error('gone');
    let calls = 0;
    const client = createClient({
      baseUrl: 'https://api.example/',
      retry: { delay: 1 },
      fetch: async () => {
        calls++;
        controller.abort(reason);
        return jsonResponse({ detail: 'x' }, 503);
      },
    });
    expect(await rejection(client.offers.list({ signal: controller.signal }))).to.equal(reason);
    expect(calls).to.equal(1);
  });

  it('policy and Retry-After parsing', () => {
    expect(retryPolicy().limit).to.equal(2);
    expect(retryPolicy(false).limit).to.equal(0);
    expect(retryPolicy(5).limit).to.equal(5);
    expect(retryPolicy().methods).to.deep.equal(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
    expect(retryPolicy().statusCodes).to.deep.equal([408, 429, 500, 502, 503, 504]);
    const now = Date.UTC(2030, 0, 1);
    // milliseconds from `now`
    expect(parseRetryAfter('120', now)).to.equal(120_000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:10 GMT', now)).to.equal(10_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).to.equal(0);
    expect(parseRetryAfter('soon', now)).to.equal(undefined);
    expect(parseRetryAfter(null, now)).to.equal(undefined);
    const err = new HttpError({ method: 'GET', url: 'u' }, 418);
    expect(retryDelay(retryPolicy(), err, 0, now, Math.random)).to.equal(-1);
  });
});
