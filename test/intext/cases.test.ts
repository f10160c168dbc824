// The shared table of in-text cases (cases.json: names with their forms, and HTML in → HTML
// out), in each engine: `linkMentions` gives each case's output, and the browser's walk
// (`linkInText`, the add-on's) makes the same page of the same HTML. WordPress's PHP runs
// the same table (test/wordpress/intext.test.ts): all three link alike.
import { expect } from '@open-wc/testing';
import { formsOf } from '../../src/intext/forms.js';
import {
  linkInText,
  linkMentions,
  type Lexicon,
  type LinkMentionsOptions,
} from '../../src/intext/index.js';

interface Table {
  forms: [string, string[]][];
  lexicons: Record<string, Lexicon>;
  cases: {
    name: string;
    lexicon: string;
    options: LinkMentionsOptions;
    html: string;
    output: string;
  }[];
}
const table = (await (await fetch(new URL('./cases.json', import.meta.url))).json()) as Table;

/**
 * A `div` holding `html` as this engine's parser makes it (the table's HTML: test data),
 * its scripts inert.
 */
const parsed = (html: string) => {
  const page = document.createElement('div');
  page.append(...new DOMParser().parseFromString(`<body>${html}`, 'text/html').body.childNodes);
  return page;
};
const serialised = (node: Node) => new XMLSerializer().serializeToString(node);

describe('in-text links: the shared table', () => {
  it('holds at least 40 names with their forms, and 60 HTML cases', () => {
    expect(table.forms.length).to.be.at.least(40);
    expect(table.cases.length).to.be.at.least(60);
  });

  for (const [name, forms] of table.forms)
    it(`forms of ${name}`, () => expect(formsOf(name)).to.deep.equal(forms));

  for (const { name, lexicon, options, html, output } of table.cases) {
    it(`on a server: ${name}`, () =>
      expect(linkMentions(html, table.lexicons[lexicon], options)).to.equal(output));

    it(`in a page: ${name}`, async () => {
      const page = parsed(html);
      document.body.append(page);
      try {
        const requested: string[] = [];
        const chosen = await linkInText(page, {
          api: 'https://proxy.example/api/',
          ...options,
          fetch: async (url) => (requested.push(url), Response.json(table.lexicons[lexicon])),
          outOfView: async () => {},
        });
        // Linked once out of view: here at once, after the choice.
        await Promise.resolve();
        expect(requested).to.deep.equal(['https://proxy.example/api/lexicon/']);
        expect(serialised(page)).to.equal(serialised(parsed(output)));
        expect(chosen).to.equal(page.querySelectorAll('a[rel="sponsored noopener"]').length);
      } finally {
        page.remove();
      }
    });
  }
});
