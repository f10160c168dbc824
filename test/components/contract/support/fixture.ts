/**
 * The elements' contract suite (this folder's test files) runs for every element of the
 * registry (src/components/registry.ts). What it needs to know of one element, its test
 * data, is in the element's own folder: `src/components/<name>/<name>.fixture.ts` (the
 * folder named as the tag without `pubnet-`), whose default export is an `ElementFixture`.
 * So adding an element is its folder and its registry line: no test file changes. A
 * fixture is test code: no build holds it (tsconfig.json and
 * custom-elements-manifest.config.mjs leave `*.fixture.ts` out; tsconfig.test.json checks it).
 */
import type {
  AttributeValues,
  ElementFixture,
} from '../../../../src/components/element.fixture.js';
import type { ElementManifest } from '../../../../src/components/manifest.js';
import { ELEMENTS } from '../../../../src/components/registry.js';
import { known } from '../../../../src/emulator/known.js';

export type {
  AttributeValues,
  ElementFixture,
  Placement,
} from '../../../../src/components/element.fixture.js';

/**
 * The values of the attributes elements share: every widget's (components/base/
 * widget-element.ts; the suite checks that all are here), and `cta`, those that show a
 * call to action have.
 */
export const COMMON_ATTRIBUTES: Readonly<Record<string, AttributeValues>> = {
  api: { valid: 'https://proxy.example/', invalid: 'javascript:alert(1)' },
  'website-key': { valid: known.website.guid },
  key: { valid: known.website.guid },
  sid: { valid: 'news_1', invalid: 'no spaces!' },
  target: { valid: '_self' },
  disclosure: { valid: 'Anzeige' },
  cta: { valid: 'Kaufen' },
  eager: { valid: '' },
};

/** A registered element, with its fixture, or why it has none. */
export interface Contracted {
  readonly manifest: ElementManifest;
  /** Where its fixture is, from the repository's root. */
  readonly path: string;
  readonly fixture?: ElementFixture;
  readonly missing?: unknown;
}

/** The fields a fixture must have. */
const REQUIRED = ['loads', 'findsNothing', 'request', 'failure', 'attributes'] as const;

/** The element's fixture, loaded by the folder convention; rejects naming what is wrong. */
async function fixtureOf(path: string): Promise<ElementFixture> {
  // From this module (test/components/contract/) up to the repository's root. A `.ts`
  // URL: the test server serves TypeScript by its own name (a computed import is not
  // rewritten from `.js` as a written one is).
  const module = (await import(`../../../../${path}`)) as { default?: Partial<ElementFixture> };
  const fixture = module.default;
  const absent = REQUIRED.filter((field) => !fixture || !(field in fixture));
  if (absent.length)
    throw new Error(`${path}: its default export has no ${absent.join(', ')} (an ElementFixture)`);
  return fixture as ElementFixture;
}

/** Every registered element, in the registry's order, with its fixture. */
export const CONTRACTED: readonly Contracted[] = await Promise.all(
  ELEMENTS.map(async (manifest): Promise<Contracted> => {
    const name = manifest.tag.replace(/^pubnet-/, '');
    const path = `src/components/${name}/${name}.fixture.ts`;
    try {
      return { manifest, path, fixture: await fixtureOf(path) };
    } catch (missing) {
      return { manifest, path, missing };
    }
  }),
);

/** A registered element with its fixture. */
export interface Contract {
  readonly manifest: ElementManifest;
  readonly tag: string;
  readonly fixture: ElementFixture;
}

/**
 * `describe`s `title` for each registered element, `body` giving its tests. An element
 * registered without a fixture (or with one that is no `ElementFixture`) gets one failing
 * test instead, saying so.
 */
export function contract(title: string, body: (element: Contract) => void): void {
  for (const { manifest, path, fixture, missing } of CONTRACTED)
    describe(`<${manifest.tag}>: ${title}`, () => {
      if (fixture) body({ manifest, tag: manifest.tag, fixture });
      else
        it(`has its test data in ${path}`, () => {
          throw new Error(
            `<${manifest.tag}> is registered without its contract fixture: ${String(missing)}`,
            { cause: missing },
          );
        });
    });
}
