import { expect } from '@open-wc/testing';
import { ELEMENTS } from '../../src/components/registry.js';

/** Every registered element's tag: importing their classes registers none of them. */
const TAGS = ELEMENTS.map(({ tag }) => tag);

/** Runs the entry module again, as a fresh module instance (its imports stay shared). */
const again = (n: number) => import(/* @vite-ignore */ `../../src/embed/index.ts?copy=${n}`);

describe('the CDN entry', () => {
  after(() => {
    delete window.Pubnet;
  });

  it('registers every element of the registry and provides window.Pubnet', async () => {
    expect(TAGS).to.include('pubnet-loan-offers');
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.equal(undefined);
    await import('../../src/embed/index.js');
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.be.a('function');
    expect(window.Pubnet!.version).to.be.a('string').and.not.equal('');
    expect(window.Pubnet!.configure).to.be.a('function');
  });

  it('throws nothing when executed again, and keeps the first global and elements', async () => {
    const global = window.Pubnet;
    const classes = TAGS.map((tag) => customElements.get(tag));
    await again(1);
    await again(2);
    expect(window.Pubnet === global, 'window.Pubnet was replaced').to.equal(true);
    TAGS.forEach((tag, i) => expect(customElements.get(tag) === classes[i], tag).to.equal(true));
  });
});
