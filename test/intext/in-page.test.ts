// In-text links in a page (the add-on's `linkInText`): what the shared table cannot show.
// Nothing the reader sees moves (a mention in view is linked once out of view), the page's
// own changes win, a stop leaves the page as it was, a lexicon that fails links nothing,
// and the page's scopes and exclusions take any CSS selector.
import { expect, fixture, html } from '@open-wc/testing';
import { linkInText, type InTextOptions, type Lexicon } from '../../src/intext/index.js';

const LEXICON: Lexicon = {
  version: 't',
  entries: [
    { offer: 'k', names: ['Kaktus'], url: 'https://kaktus.pl/' },
    { offer: 's', names: ['Sówka'], url: 'https://sowka.pl/' },
  ],
};
const api = 'https://proxy.example/api/';
const answering =
  (body: unknown, status = 200): InTextOptions['fetch'] =>
  async () =>
    new Response(JSON.stringify(body), { status });
const links = (root: ParentNode) => [...root.querySelectorAll('a')].map((a) => a.textContent);

/** Resolves once `root`'s subtree changes. */
const changed = (root: Node) =>
  new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => (observer.disconnect(), resolve()));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
  });

describe('in-text links in a page', () => {
  it('links a mention in view only once it is out of view', async () => {
    const page = await fixture<HTMLElement>(html`<article><p>Kupione w Kaktusie.</p></article>`);
    const chosen = await linkInText(page, { api, fetch: answering(LEXICON), perWords: 0 });
    expect(chosen).to.equal(1);
    // In view: chosen, not linked (a link's style could reflow the paragraph in view).
    await new Promise(requestAnimationFrame);
    expect(links(page)).to.deep.equal([]);
    const linked = changed(page);
    page.style.marginTop = '200vh';
    await linked;
    expect(links(page)).to.deep.equal(['Kaktusie']);
    const link = page.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://kaktus.pl/');
    expect(link.rel).to.equal('sponsored noopener');
  });

  it('links a mention out of view at once, with no scroll', async () => {
    const page = await fixture<HTMLElement>(
      html`<article style="margin-top: 200vh"><p>Sówka.</p></article>`,
    );
    const linked = changed(page);
    await linkInText(page, { api, fetch: answering(LEXICON) });
    await linked;
    expect(links(page)).to.deep.equal(['Sówka']);
    expect(window.scrollY).to.equal(0);
  });

  it('leaves a text the page changed meanwhile', async () => {
    const page = await fixture<HTMLElement>(html`<article><p>Kaktus</p></article>`);
    let leave!: () => void;
    await linkInText(page, {
      api,
      fetch: answering(LEXICON),
      outOfView: () => new Promise((resolve) => (leave = resolve)),
    });
    page.querySelector('p')!.firstChild!.textContent = 'Kaktus i nic';
    leave();
    await Promise.resolve();
    expect(links(page)).to.deep.equal([]);
  });

  it('stops when aborted: no link, the abort rejects', async () => {
    const page = await fixture<HTMLElement>(html`<article><p>Kaktus</p></article>`);
    const stop = new AbortController();
    const running = linkInText(page, {
      api,
      signal: stop.signal,
      fetch: answering(LEXICON),
      outOfView: async () => {},
    });
    stop.abort();
    let error: unknown;
    await running.catch((thrown) => (error = thrown));
    expect((error as Error)?.name).to.equal('AbortError');
    expect(links(page)).to.deep.equal([]);
  });

  for (const [what, fetch] of [
    ['a 404', answering({}, 404)],
    ['no JSON', async () => new Response('<html>')],
    ['no lexicon', answering({ entries: 'all' })],
    ['a network error', () => Promise.reject(new TypeError('offline'))],
    [
      'a javascript: link',
      answering({ entries: [{ offer: 'x', names: ['Kaktus'], url: 'javascript:alert(1)' }] }),
    ],
  ] as const)
    it(`links nothing, and throws nothing, for ${what}`, async () => {
      const page = await fixture<HTMLElement>(html`<article><p>Kaktus</p></article>`);
      expect(await linkInText(page, { api, fetch, outOfView: async () => {} })).to.equal(0);
      expect(links(page)).to.deep.equal([]);
    });

  it('takes any CSS selector for its scope and exclusions', async () => {
    const page = await fixture<HTMLElement>(html`
      <main>
        <aside><p>Kaktus</p></aside>
        <article class="post">
          <blockquote><p>Kaktus</p></blockquote>
          <p>Kaktusie i Sówce</p>
          <p>Sówka</p>
        </article>
      </main>
    `);
    await linkInText(page, {
      api,
      scope: 'main > .post',
      exclude: 'article blockquote > p',
      perWords: 0,
      fetch: answering(LEXICON),
      outOfView: async () => {},
    });
    await Promise.resolve();
    expect(links(page)).to.deep.equal(['Kaktusie', 'Sówka']);
  });

  it('asks for the lexicon once, from the proxy, with no credentials', async () => {
    const page = await fixture<HTMLElement>(html`<article><p>Kaktus</p></article>`);
    const asked: [string, RequestInit][] = [];
    await linkInText(page, {
      api,
      fetch: async (url, init) => (asked.push([url, init]), Response.json(LEXICON)),
      outOfView: async () => {},
    });
    expect(asked.map(([url, init]) => [url, init.credentials])).to.deep.equal([
      ['https://proxy.example/api/lexicon/', 'omit'],
    ]);
  });
});
