// Server-rendered ad slots at the edge: a Cloudflare Worker in front of the publisher's site
// (see wrangler.toml next to this file). It fetches each page from ORIGIN and, in its HTML,
// gives every `<pubnet-adslot adslot="…">` the rendered element's attributes and declarative
// shadow root, with HTMLRewriter, as the page streams through. The publisher's own children
// (a `slot="fallback"` child) and the end tag stay as they are. A slot that cannot be rendered
// in time is left untouched: the browser then renders it itself, as without this Worker.
//
// `pubnet-widgets/render` renders with Lit SSR, in Lit's Node build (Workers have no
// `HTMLElement`): under wrangler's `workerd` export condition the package gives its edge build,
// which has it inside. test/render/workers.test.ts runs this file in real workerd with
// `pubnet-widgets/render` given as a module that rollup built from src/render/ the same way.
//
// Env (bindings): ORIGIN (the site's own origin, e.g. https://origin.publisher.example/),
// PUBNET_API (the shipped proxy's URL: its composed answers hold all a slot shows), PUBNET_KEY
// (the website guid, for tags without `key`); optionally PUBNET_STYLESHEETS (the base URL of
// the `<tag>.css` files, for pages whose CSP refuses inline style and has no nonce) and
// PUBNET_TIME_LIMIT (ms a render may take; default 1500).
/* global HTMLRewriter -- a global of the Workers runtime */
import { renderAdslot } from 'pubnet-widgets/render';

const SLOT = 'pubnet-adslot[adslot]';

export default {
  /**
   * @param {Request} request
   * @param {{ ORIGIN: string, PUBNET_API: string, PUBNET_KEY?: string,
   *   PUBNET_STYLESHEETS?: string, PUBNET_TIME_LIMIT?: string }} env
   * @param {{ waitUntil(promise: Promise<unknown>): void }} ctx
   */
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    // fetch() sets Host from the origin's URL.
    headers.delete('host');
    const response = await fetch(new URL(url.pathname + url.search, env.ORIGIN), {
      method: request.method,
      headers,
      body: request.body,
      // Redirects go back to the browser, as they would without the Worker.
      redirect: 'manual',
    });
    const type = response.headers.get('content-type') ?? '';
    if (request.method != 'GET' || !response.body || !/^text\/html\b/i.test(type)) return response;

    const page = new Response(response.body, response);
    // The body changes: the origin's validators no longer describe it.
    page.headers.delete('etag');
    page.headers.delete('content-length');

    const render = renderer(env, stylesFor(response.headers, env));
    // Two passes over one stream: the first only reads each slot's attributes and starts its
    // render at once, so all slots of a page render in parallel; the second, which the
    // browser receives, waits for each slot's render where the slot stands (HTMLRewriter runs
    // an async handler before it streams on). The first pass reads ahead while the second
    // waits; tee() keeps what the second has not read yet.
    const [ahead, body] = page.body.tee();
    let seen = 0;
    const scan = new HTMLRewriter()
      .on(SLOT, { element: (element) => void render(seen++, element) })
      .transform(new Response(ahead));
    ctx.waitUntil(scan.body.pipeTo(new WritableStream()).catch(() => {}));

    let placed = 0;
    return new HTMLRewriter()
      .on(SLOT, {
        async element(element) {
          const rendered = await render(placed++, element);
          if (!rendered) return;
          for (const [name, value] of Object.entries(rendered.attributes))
            element.setAttribute(name, value);
          element.prepend(rendered.shadow, { html: true });
        },
      })
      .transform(new Response(body, page));
  },
};

/**
 * The n-th slot's render, started by whichever pass meets it first (both meet the same slots
 * in the same order). Resolves to the rendered element, or `undefined` to leave the tag as it
 * is: already rendered, not renderable, too slow, or failed.
 */
function renderer(env, styles) {
  const limit = Number(env.PUBNET_TIME_LIMIT) || 1500;
  /** @type {Promise<import('pubnet-widgets/render').RenderedWidget | undefined>[]} */
  const started = [];
  return (index, element) => (started[index] ??= renderSlot(read(element)));

  /** The attributes, read now: an element is only valid during its handler. */
  function read(element) {
    return Object.fromEntries(element.attributes);
  }

  async function renderSlot(tag) {
    // A tag that carries its answer was rendered before (by the origin, or the proxy route).
    if ('data-answer' in tag) return undefined;
    const signal = AbortSignal.timeout(limit);
    const attributes = Object.fromEntries(
      ['api', 'target', 'disclosure']
        .filter((name) => name in tag)
        .map((name) => [name, tag[name]]),
    );
    try {
      const rendered = await Promise.race([
        renderAdslot({
          adslot: tag.adslot,
          key: tag.key ?? (env.PUBNET_KEY || undefined),
          sid: tag.sid,
          api: env.PUBNET_API,
          styles,
          attributes,
          timeout: limit,
          signal,
        }),
        // Whatever the render does, the page does not wait longer than the limit.
        new Promise((_, fail) => signal.addEventListener('abort', () => fail(signal.reason))),
      ]);
      // A failed or empty render: the browser tries itself and shows the fallback child.
      if (rendered.state == 'ready' || rendered.state == 'loading') return rendered;
      console.warn(`pubnet: ad slot ${tag.adslot} left to the browser: ${rendered.reason}`);
    } catch (error) {
      console.warn(`pubnet: ad slot ${tag.adslot} left to the browser: ${error}`);
    }
    return undefined;
  }
}

/**
 * How the rendered shadow roots carry their styles: with the nonce of the page's own CSP when
 * it has one for styles (the Worker writes into that very page); else linked stylesheets when
 * PUBNET_STYLESHEETS is set; else inline.
 * @param {Headers} headers the origin's response headers
 */
function stylesFor(headers, env) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = csp.split(';').map((directive) => directive.trim().split(/\s+/));
  const styleSrc =
    directives.find(([name]) => name?.toLowerCase() == 'style-src') ??
    directives.find(([name]) => name?.toLowerCase() == 'default-src');
  const nonce = styleSrc?.map((source) => /^'nonce-([\w+/=-]+)'$/.exec(source)?.[1]).find(Boolean);
  if (nonce) return { nonce };
  if (env.PUBNET_STYLESHEETS) return { stylesheets: env.PUBNET_STYLESHEETS };
  return 'inline';
}
