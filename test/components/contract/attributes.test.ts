// Every registered element's attributes, and its properties checked as its attributes are.
// Frameworks set properties, not attributes (React 19, Preact, Vue and Svelte do for any
// name the element has): a property must be checked and converted exactly as its attribute
// is, with the same warning. (The element-specific checks: attributes.test.ts and
// properties.test.ts.)
import { expect } from '@open-wc/testing';
import '../../../src/components/define.js';
import { PubnetWidget } from '../../../src/components/base/widget-element.js';
import { configure } from '../../../src/page/options.js';
import type { TestEmulator } from '../../support/emulator.js';
import { collectWarnings } from '../../support/warnings.js';
import { emulator, nextEvent, requests } from '../support/elements.js';
import { COMMON_ATTRIBUTES, contract } from './support/fixture.js';
import { place } from './support/place.js';

/** Values of every kind a framework may pass: bad numbers, URLs, enums, SubIDs, types. */
const PRIMITIVES: unknown[] = [
  '',
  ' ',
  'abc',
  '0',
  '-5',
  '100',
  '12.5',
  'NaN',
  0,
  -1,
  100,
  12.5,
  NaN,
  Infinity,
  true,
  false,
  'false',
  'javascript:alert(1)',
  'data:text/html,x',
  '/relative/path',
  'https://shop.example/deal',
  'no spaces!',
  'x'.repeat(40),
  'Price',
  '-price',
  'masonry',
  'list',
];
const OBJECTS: unknown[] = [{}, [1, 2], { toString: () => '5' }, () => 'x'];

/** A property an attribute sets: its name, and whether it is a boolean (the attribute's presence). */
interface Property {
  name: string;
  boolean: boolean;
}

/**
 * The element's properties by the attribute that sets them, as it declares them: all but
 * its private ones (`_lang`) and what it reflects (`state`: what it says, not what it is told).
 */
function properties(element: Pick<typeof PubnetWidget, 'elementProperties'>) {
  const found = new Map<string, Property>();
  for (const [name, options] of element.elementProperties) {
    if (typeof name != 'string' || name.startsWith('_') || options.reflect) continue;
    if (options.attribute === false) continue;
    const attribute = typeof options.attribute == 'string' ? options.attribute : name.toLowerCase();
    found.set(attribute, { name, boolean: options.type === Boolean });
  }
  return found;
}

/** The element's property `name` after `set`, and the warnings `set` gave. */
async function setOn(tag: string, name: string, set: (element: HTMLElement) => void) {
  const element = document.createElement(tag);
  const seen = await collectWarnings(() => set(element));
  return { value: (element as unknown as Record<string, unknown>)[name], seen };
}

contract('attributes, and properties checked as attributes are', ({ tag, manifest, fixture }) => {
  const declared = properties(manifest.element);
  /** The values of its attributes: its fixture's, and those it shares with other elements. */
  const values = Object.fromEntries(
    [...declared.keys()].map((name) => [name, fixture.attributes[name] ?? COMMON_ATTRIBUTES[name]]),
  );

  it('its fixture gives values for every attribute of its own, and only those', () => {
    const own = Object.keys(fixture.attributes);
    expect(
      own.filter((name) => !declared.has(name)),
      'not its attributes',
    ).to.deep.equal([]);
    expect(
      own.filter((name) => name in COMMON_ATTRIBUTES),
      'shared ones',
    ).to.deep.equal([]);
    expect(
      [...declared.keys()].filter((name) => !values[name]),
      'attributes without values',
    ).to.deep.equal([]);
    // Every element has the base's, whose values are the suite's.
    expect(
      [...properties(PubnetWidget).keys()].filter((name) => !(name in COMMON_ATTRIBUTES)),
    ).to.deep.equal([]);
  });

  for (const [attribute, { name, boolean }] of declared) {
    it(`<${tag}>.${name} takes every value as the ${attribute} attribute does`, async () => {
      for (const value of PRIMITIVES) {
        const byProperty = await setOn(tag, name, (element) => {
          (element as unknown as Record<string, unknown>)[name] = value;
        });
        // A framework writes `false` by removing a boolean attribute (the property
        // is then never set: undefined, which is off).
        const byAttribute = await setOn(tag, name, (element) => {
          if (!(boolean && value === false)) element.setAttribute(attribute, String(value));
        });
        if (boolean) byAttribute.value = !!byAttribute.value;
        expect(byProperty, `${name} = ${JSON.stringify(value)}`).to.deep.equal(byAttribute);
      }
      // What no attribute can hold: ignored with the attribute's warning, or,
      // for a boolean, present.
      for (const value of OBJECTS) {
        const { value: taken, seen } = await setOn(tag, name, (element) => {
          (element as unknown as Record<string, unknown>)[name] = value;
        });
        if (boolean) expect(taken).to.equal(true);
        else {
          expect(taken, name).to.equal(undefined);
          expect(seen).to.deep.equal([`pubnet-widgets: ignoring ${attribute}="${String(value)}"`]);
        }
      }
      // Cleared: as if the attribute were removed.
      const element = document.createElement(tag) as unknown as Record<string, unknown>;
      await collectWarnings(() => (element[name] = boolean || 'https://shop.example/'));
      const seen = await collectWarnings(() => (element[name] = null));
      expect({ value: element[name], seen }).to.deep.equal({
        value: boolean ? false : undefined,
        seen: [],
      });
    });

    const { valid, invalid } = values[attribute] ?? {};
    if (valid === undefined) continue;
    it(`${attribute}="${valid}" is taken, as attribute or property, with no warning${
      invalid === undefined ? '' : `; ${attribute}="${invalid}" is ignored with one naming it`
    }`, async () => {
      for (const [how, set] of [
        [
          'attribute',
          (element: HTMLElement, value: string) => element.setAttribute(attribute, value),
        ],
        [
          'property',
          (element: HTMLElement, value: string) =>
            ((element as unknown as Record<string, unknown>)[name] = value),
        ],
      ] as const) {
        const taken = await setOn(tag, name, (element) => set(element, valid));
        expect(taken.value, `${how} ${valid}`).to.not.equal(undefined);
        expect(taken.seen, `${how} ${valid}`).to.deep.equal([]);
        if (invalid === undefined) continue;
        expect(await setOn(tag, name, (element) => set(element, invalid)), how).to.deep.equal({
          value: undefined,
          seen: [`pubnet-widgets: ignoring ${attribute}="${invalid}"`],
        });
      }
    });
  }

  describe('on a page', () => {
    let emu: TestEmulator;
    beforeEach(async () => (emu = await emulator()));
    afterEach(() => emu.stop());

    it('ignores invalid values with one warning naming the attribute, and loads', async () => {
      // All but `api`'s (the next test's): an element without one has nothing to load from.
      const invalid = Object.entries(values).filter(
        ([attribute, given]) => given?.invalid !== undefined && attribute != 'api',
      );
      expect(invalid).to.not.have.length(0);
      const loaded = nextEvent(tag, 'pubnet-load');
      const seen = await collectWarnings(async () => {
        await place(tag, fixture.loads, {
          api: emu.url,
          attributes: Object.fromEntries(invalid.map(([name, { invalid }]) => [name, invalid!])),
        });
        await loaded;
      });
      expect(seen).to.have.length(invalid.length);
      for (const [name, { invalid: value }] of invalid)
        expect(seen, name).to.include(`pubnet-widgets: ignoring ${name}="${value}"`);
    });

    it('an invalid api attribute is ignored: the configured one is used', async () => {
      const { method, path } = fixture.request;
      configure({ api: emu.url });
      const loaded = nextEvent(tag, 'pubnet-load');
      const seen = await collectWarnings(async () => {
        await place(tag, fixture.loads, { attributes: { api: 'javascript:alert(1)' } });
        await loaded;
      });
      expect(seen).to.have.length(1);
      expect(seen[0]).to.contain('api=');
      expect(await requests(emu, path, method)).to.have.length(1);
    });
  });
});
