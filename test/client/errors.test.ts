import { expect } from '@open-wc/testing';
import {
  AuthError,
  ConflictError,
  createClient,
  HttpError,
  isAuthError,
  isConflictError,
  isHttpError,
  isNetworkError,
  isNotFoundError,
  isParseError,
  isPubnetError,
  isRateLimitError,
  isTimeoutError,
  isValidationError,
  NetworkError,
  NotFoundError,
  ParseError,
  PubnetError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from '../../src/client/index.js';
import { known, queuedTimers, rejection, setup } from './support/client.js';

describe('errors from real answers', () => {
  it('400 from a bad website write: ValidationError with the DRF fields', async () => {
    const { emu, client } = await setup();
    // `url` is not checked before sending; the emulator rejects it
    const e = await rejection(
      client.websites.patch({ uuid: known.website.id }, { body: { url: 'not a url' } }),
    );
    expect(e).to.be.instanceOf(ValidationError);
    expect(e).to.be.instanceOf(HttpError);
    expect(e).to.be.instanceOf(PubnetError);
    const v = e as ValidationError;
    expect(v.name).to.equal('ValidationError');
    expect(v.status).to.equal(400);
    expect(v.fields.url).to.be.an('array').with.length.above(0);
    expect(v.fields.non_field_errors).to.equal(undefined);
    expect(v.response?.status).to.equal(400);
    expect(v.request.method).to.equal('PATCH');
    expect(v.message).to.equal(
      `Request failed with status code 400: PATCH ${emu.url}publisher/websites/${known.website.id}/`,
    );
    expect(isValidationError(v) && isHttpError(v) && isPubnetError(v)).to.equal(true);
    await emu.stop();
  });

  it('401 for a bad token: AuthError', async () => {
    const { emu } = await setup();
    const client = createClient({ baseUrl: emu.url, token: 'wrong', origin: null });
    const e = await rejection(client.offers.list());
    expect(e).to.be.instanceOf(AuthError);
    expect((e as AuthError).status).to.equal(401);
    expect((e as AuthError).name).to.equal('AuthError');
    expect(((e as AuthError).body as { detail: string }).detail).to.be.a('string');
    expect(isAuthError(e)).to.equal(true);
    await emu.stop();
  });

  it('404 for an unknown id: NotFoundError', async () => {
    const { emu, client } = await setup();
    const e = await rejection(client.offers.get({ uuid: 'no-such-offer' }));
    expect(e).to.be.instanceOf(NotFoundError);
    expect((e as NotFoundError).name).to.equal('NotFoundError');
    expect(isNotFoundError(e)).to.equal(true);
    expect((e as NotFoundError).message).to.equal(
      `Request failed with status code 404: GET ${emu.url}publisher/offers/no-such-offer/`,
    );
    await emu.stop();
  });

  it('409 for a stale _version: ConflictError with the current version', async () => {
    const { emu, client } = await setup();
    const slot = await client.adslots.get({ uuid: known.filterAdslot });
    await client.adslots.patch(
      { uuid: known.filterAdslot },
      { body: { title: 'A', _version: slot._version } },
    );
    const e = await rejection(
      client.adslots.update({ uuid: known.filterAdslot }, { body: { ...slot, title: 'B' } }),
    );
    expect(e).to.be.instanceOf(ConflictError);
    expect((e as ConflictError).name).to.equal('ConflictError');
    expect((e as ConflictError).currentVersion).to.equal(slot._version! + 1);
    expect(isConflictError(e)).to.equal(true);
    expect((await client.adslots.get({ uuid: known.filterAdslot })).title).to.equal('A');
    await emu.stop();
  });

  it('429 with Retry-After: RateLimitError with retryAfter in seconds', async () => {
    const { emu, client } = await setup(
      { retry: false },
      { faults: [{ path: '/publisher/offers/', kind: 'status', status: 429, retryAfter: 7 }] },
    );
    const e = await rejection(client.offers.list());
    expect(e).to.be.instanceOf(RateLimitError);
    expect((e as RateLimitError).retryAfter).to.equal(7);
    expect((e as RateLimitError).name).to.equal('RateLimitError');
    expect(isRateLimitError(e)).to.equal(true);
    await emu.stop();
  });

  it('5xx (JSON) and an HTML 502 from a gateway: HttpError with the status', async () => {
    const { emu, client } = await setup(
      { retry: false },
      {
        faults: [
          { path: '/publisher/offers/', kind: 'status', status: 503 },
          { path: '/publisher/websites/', kind: 'html' },
        ],
      },
    );
    const e1 = (await rejection(client.offers.list())) as HttpError;
    expect(e1.constructor).to.equal(HttpError);
    expect(e1.name).to.equal('HttpError');
    expect(e1.status).to.equal(503);
    expect(e1.message).to.equal(
      `Request failed with status code 503: GET ${emu.url}publisher/offers/`,
    );
    const e2 = (await rejection(client.websites.list())) as HttpError;
    expect(e2.status).to.equal(502);
    expect(e2.body).to.be.a('string').that.contains('Bad Gateway');
    expect(isHttpError(e2)).to.equal(true);
    await emu.stop();
  });

  it('a 2xx with malformed JSON: ParseError (an HttpError) with the raw text', async () => {
    const { emu, client } = await setup(
      {},
      { faults: [{ path: '/publisher/offers/', kind: 'malformed' }] },
    );
    const e = (await rejection(client.offers.list())) as ParseError;
    expect(e).to.be.instanceOf(ParseError);
    expect(e).to.be.instanceOf(HttpError);
    expect(e.name).to.equal('ParseError');
    expect(e.status).to.equal(200);
    expect(e.body).to.be.a('string').that.contains('"broken');
    expect(e.message).to.equal(`Invalid JSON in response: GET ${emu.url}publisher/offers/`);
    expect(isParseError(e)).to.equal(true);
    await emu.stop();
  });

  it('a hanging server and a small timeout: TimeoutError', async () => {
    const held = queuedTimers();
    const { emu, client } = await setup(
      { timers: held.timers, timeout: 150 },
      { faults: [{ path: '/publisher/offers/*', kind: 'hang' }] },
    );
    const pending = client.offers.get({ uuid: known.offers[0] });
    const timeout = await held.next();
    expect(timeout.ms).to.equal(150);
    timeout.fire();
    const e = (await rejection(pending)) as TimeoutError;
    expect(e).to.be.instanceOf(TimeoutError);
    expect(e.name).to.equal('TimeoutError');
    expect(e.timeout).to.equal(150);
    expect(e.message).to.equal(
      `Request timed out after 150 ms: GET ${emu.url}publisher/offers/${known.offers[0]}/`,
    );
    expect(isTimeoutError(e)).to.equal(true);
    await emu.stop();
  });

  it('a closed port: NetworkError with the cause', async () => {
    const { emu } = await setup();
    await emu.stop();
    const client = createClient({ baseUrl: emu.url, retry: false });
    const e = (await rejection(client.offers.list())) as NetworkError;
    expect(e).to.be.instanceOf(NetworkError);
    expect(e.name).to.equal('NetworkError');
    expect(e.cause).to.be.instanceOf(TypeError);
    expect(e.message).to.equal(`Network error: GET ${emu.url}publisher/offers/`);
    expect(isNetworkError(e)).to.equal(true);
  });

  it('empty and non-JSON error bodies still give the typed error', async () => {
    const answers = [new Response(null, { status: 404 }), new Response('oops', { status: 409 })];
    const client = createClient({
      baseUrl: 'https://api.example/',
      fetch: async () => answers.shift()!,
    });
    const e1 = (await rejection(client.offers.list())) as NotFoundError;
    expect(e1).to.be.instanceOf(NotFoundError);
    expect(e1.body).to.equal(undefined);
    const e2 = (await rejection(
      client.adslots.update({ uuid: 'x' }, { body: {} }),
    )) as ConflictError;
    expect(e2).to.be.instanceOf(ConflictError);
    expect(e2.body).to.equal('oops');
    expect(e2.currentVersion).to.equal(undefined);
  });

  it('each class gives its instances its own name (subclasses too), as the guards expect', () => {
    type ErrorClass = abstract new (...args: never[]) => PubnetError;
    const request = { method: 'GET', url: 'https://api.example/x/' };
    const http = [HttpError, PubnetError];
    const cases: [PubnetError, string, (e: unknown) => boolean, ErrorClass[]][] = [
      [new PubnetError('Failed', request), 'PubnetError', isPubnetError, [PubnetError]],
      [new HttpError(request, 500), 'HttpError', isHttpError, http],
      [new ParseError(request, 200, '{'), 'ParseError', isParseError, [ParseError, ...http]],
      [
        new ValidationError(request, 400),
        'ValidationError',
        isValidationError,
        [ValidationError, ...http],
      ],
      [new AuthError(request, 401), 'AuthError', isAuthError, [AuthError, ...http]],
      [new NotFoundError(request, 404), 'NotFoundError', isNotFoundError, [NotFoundError, ...http]],
      [new ConflictError(request, 409), 'ConflictError', isConflictError, [ConflictError, ...http]],
      [
        new RateLimitError(request, 429),
        'RateLimitError',
        isRateLimitError,
        [RateLimitError, ...http],
      ],
      [new TimeoutError(request, 5), 'TimeoutError', isTimeoutError, [TimeoutError, PubnetError]],
      [
        new NetworkError(request, new TypeError('x')),
        'NetworkError',
        isNetworkError,
        [NetworkError, PubnetError],
      ],
    ];
    for (const [error, name, guard, classes] of cases) {
      expect(error.name, name).to.equal(name);
      expect(String(error), name).to.match(
        new RegExp(`^${name}: .+: GET https://api\\.example/x/$`),
      );
      // on the prototype, as on built-in errors: not copied by spreads or JSON
      expect(Object.keys(error), name).not.to.include('name');
      for (const cls of classes)
        expect(error, `${name} instanceof ${cls.name}`).to.be.instanceOf(cls);
      // the name is what the guards go by for errors of another copy of the library
      expect(guard({ name: error.name, request }), name).to.equal(true);
    }
  });

  it('guards recognise errors of another copy of the library by name', () => {
    const request = { method: 'PUT', url: 'https://x.example/' };
    const foreign = Object.assign(new Error('x'), { name: 'ConflictError', status: 409, request });
    expect(isConflictError(foreign)).to.equal(true);
    expect(isHttpError(foreign)).to.equal(true);
    expect(isPubnetError(foreign)).to.equal(true);
    expect(isNotFoundError(foreign)).to.equal(false);
    expect(isTimeoutError({ name: 'TimeoutError', request })).to.equal(true);
    // AbortSignal.timeout()'s reason is a DOMException named TimeoutError: not ours
    expect(isTimeoutError(new DOMException('t', 'TimeoutError'))).to.equal(false);
    expect(isPubnetError(new DOMException('t', 'TimeoutError'))).to.equal(false);
    expect(isHttpError(new Error('x'))).to.equal(false);
    expect(isHttpError(null)).to.equal(false);
  });
});
