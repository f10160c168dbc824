import { expect } from '@open-wc/testing';
import {
  createClient,
  HttpError,
  parseRetryAfter,
  RateLimitError,
  retryDelay,
  retryPolicy,
  NetworkError,
  TimeoutError,
} from '../../src/client/index.js';
import {
  jsonResponse,
  known,
  received,
  receivedAtLeast,
  recordingTimers,
  rejection,
  setup,
} from './helpers.js';

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

  it('waits the Retry-After seconds with real timers too', async () => {
    const { emu, client } = await setup(
      {},
      { faults: [{ path: OFFERS, kind: 'status', status: 503, retryAfter: 1, times: 1 }] },
    );
    const started = performance.now();
    await client.offers.list();
    const [first, second] = await received(emu, 'GET', OFFERS);
    expect(second!.at - first!.at).to.be.at.least(950);
    expect(performance.now() - started).to.be.within(950, 5000);
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
    const link = await client.offers.trackingLink(
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
    const { emu, client } = await setup(
      { timeout: 100 },
      { faults: [{ path: OFFERS, kind: 'hang' }] },
    );
    expect(await rejection(client.offers.list())).to.be.instanceOf(TimeoutError);
    expect(await received(emu, 'GET', OFFERS)).to.have.length(1);
    await emu.stop();
  });

  it('the timeout covers a slow server too (latency over the timeout)', async () => {
    const { emu, client } = await setup({ timeout: 200 }, { latency: 1500 });
    const started = performance.now();
    expect(await rejection(client.offers.list())).to.be.instanceOf(TimeoutError);
    expect(performance.now() - started).to.be.below(1400);
    await emu.stop();
  });

  it("the caller's signal aborts a backoff wait: rejects with its reason, no further attempt", async () => {
    const { emu, client } = await setup(
      { retry: { maxRetryAfter: 60_000 } },
      { faults: [{ path: OFFERS, kind: 'status', status: 503, retryAfter: 30 }] },
    );
    const controller = new AbortController();
    const pending = client.offers.list({ signal: controller.signal });
    await receivedAtLeast(emu, 'GET', 1); // the first answer (503, Retry-After: 30) is in
    await new Promise((r) => setTimeout(r, 100)); // now waiting 30 s before the retry
    const aborted = performance.now();
    controller.abort();
    const e = (await rejection(pending)) as DOMException;
    expect(e.name).to.equal('AbortError');
    expect(performance.now() - aborted).to.be.below(500);
    await new Promise((r) => setTimeout(r, 100));
    expect(await received(emu, 'GET', OFFERS)).to.have.length(1);
    await emu.stop();
  });

  it("the caller's signal aborts a request in flight, with its own reason", async () => {
    const { emu, client } = await setup({}, { faults: [{ path: OFFERS, kind: 'hang' }] });
    const controller = new AbortController();
    const pending = client.offers.list({ signal: controller.signal });
    const reason = new Error('navigated away');
    await receivedAtLeast(emu, 'GET', 1); // the server holds it (hang)
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
    expect(parseRetryAfter('120', now)).to.equal(120);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:10 GMT', now)).to.equal(10);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).to.equal(0);
    expect(parseRetryAfter('soon', now)).to.equal(undefined);
    expect(parseRetryAfter(null, now)).to.equal(undefined);
    const err = new HttpError({ method: 'GET', url: 'u' }, 418);
    expect(retryDelay(retryPolicy(), err, 0, now, Math.random)).to.equal(-1);
  });
});
