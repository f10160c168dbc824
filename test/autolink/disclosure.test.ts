// The disclosure label after a rewritten link (embed-contract "Auto-linking", issue 21): a
// string option is that text; `true` (a bare `data-disclosure`) is the word of the link's own
// language, with the page's `configure({ messages })`; absent, there is none.
import { expect, fixture, html } from '@open-wc/testing';
import { autolink } from '../../src/autolink/index.js';
import { rewrite } from '../../src/autolink/rewrite.js';
import { resetWidgets } from '../../src/page/env.js';
import { configure } from '../../src/page/options.js';
import {
  key,
  MERCHANT,
  mutated,
  OTHER_MERCHANT,
  paragraph,
  pointAt,
  sid,
  useStack,
} from './support/article.js';

const TRACKING = 'https://click.example/t/1';

/** A Polish article with an English block inside it, one link in each. */
async function polishArticle() {
  const page = await fixture<HTMLElement>(html`
    <article lang="pl">
      <p><a href=${MERCHANT}>sklep</a></p>
      <blockquote lang="en"><a href=${OTHER_MERCHANT}>shop</a></blockquote>
    </article>
  `);
  const [polish, english] = page.querySelectorAll('a');
  return { page, polish, english };
}

/** The text of the disclosure label after `link`, if any. */
const labelAfter = (link: Element) => {
  const next = link.nextElementSibling;
  return next?.matches('small.pubnet-disclosure[data-pubnet=off]') ? next.textContent : undefined;
};

describe('autolink: the disclosure label', () => {
  afterEach(() => resetWidgets());

  it('true: the word of the link’s own language (Reklama in a Polish article, Ad in an English block)', async () => {
    const { polish, english } = await polishArticle();
    rewrite(polish, TRACKING, true);
    rewrite(english, TRACKING, true);
    expect(labelAfter(polish)).to.equal('Reklama');
    expect(labelAfter(english)).to.equal('Ad');
  });

  it('true follows a region tag’s primary subtag and falls back to English', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <p lang="de-AT"><a href=${MERCHANT}>a</a></p>
        <p lang="fi"><a href=${MERCHANT}>b</a></p>
      </div>
    `);
    const [german, finnish] = page.querySelectorAll('a');
    rewrite(german, TRACKING, true);
    rewrite(finnish, TRACKING, true);
    expect(labelAfter(german)).to.equal('Anzeige');
    expect(labelAfter(finnish)).to.equal('Ad');
  });

  it('a string wins over the language table', async () => {
    const { polish, english } = await polishArticle();
    rewrite(polish, TRACKING, 'Link partnerski');
    rewrite(english, TRACKING, 'Partner link');
    expect(labelAfter(polish)).to.equal('Link partnerski');
    expect(labelAfter(english)).to.equal('Partner link');
  });

  it('the page’s configure({ messages }) applies to true, by tag then primary subtag', async () => {
    configure({
      messages: { pl: { disclosure: 'Materiał sponsorowany' }, 'en-GB': { disclosure: 'Advert' } },
    });
    const { polish, english } = await polishArticle();
    english.parentElement!.lang = 'en-GB';
    rewrite(polish, TRACKING, true);
    rewrite(english, TRACKING, true);
    expect(labelAfter(polish)).to.equal('Materiał sponsorowany');
    expect(labelAfter(english)).to.equal('Advert');
  });

  it('absent, or a configured empty word: no label', async () => {
    configure({ messages: { en: { disclosure: '' } } });
    const { polish, english } = await polishArticle();
    rewrite(polish, TRACKING);
    rewrite(english, TRACKING, true);
    expect(polish.nextElementSibling).to.equal(null);
    expect(english.nextElementSibling).to.equal(null);
    expect(english.getAttribute('data-pubnet-href')).to.equal(OTHER_MERCHANT);
  });

  describe('through autolink(), the real proxy and emulator', () => {
    const stack = useStack();

    it('disclosure: true labels each rewritten link in its own language', async () => {
      const { page, polish, english } = await polishArticle();
      const late = paragraph(MERCHANT + '?late=1');
      stack.stop = autolink(page, { api: stack.proxy.url, key, sid, disclosure: true });
      pointAt(polish);
      pointAt(english);
      await mutated(page, () => labelAfter(polish) && labelAfter(english));
      expect([labelAfter(polish), labelAfter(english)]).to.deep.equal(['Reklama', 'Ad']);
      // A link added later, in the Polish article: Reklama too.
      page.append(late);
      const link = late.querySelector('a')!;
      pointAt(link);
      await mutated(page, () => labelAfter(link));
      expect(labelAfter(link)).to.equal('Reklama');
    });
  });
});
