// A manual slot's canvas follows the element's width (CanvasFit), also after
// the slot left the page and came back: its size is observed again.
import { expect, fixtureSync, html, oneEvent } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { PubnetAdslot } from '../../../src/components/adslot/adslot.js';
import { env } from '../../../src/page/env.js';
import { known } from '../../../src/emulator/known.js';
import type { TestEmulator } from '../../support/emulator.js';
import { emulator, heldTimers, shadow } from '../support/elements.js';

const key = known.website.guid;

/** Resolves once the canvas of `el` is scaled to `width` px (its style changes: no polling). */
function scaledTo(el: PubnetAdslot, width: number) {
  const canvas = shadow(el).querySelector<HTMLElement>('.canvas')!;
  const fits = () => Math.abs(canvas.getBoundingClientRect().width - width) < 0.5;
  return new Promise<void>((resolve) => {
    if (fits()) return resolve();
    const observer = new MutationObserver(() => {
      if (!fits()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(canvas, { attributes: true, attributeFilter: ['style'] });
  });
}

describe('a manual slot’s canvas fits its width', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  const slot = async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div style="width: 200px"></div>`);
    const el = document.createElement('pubnet-adslot') as PubnetAdslot;
    Object.assign(el, { api: emu.url, key, adslot: known.bannerAdslot, eager: true });
    const loaded = oneEvent(el, 'pubnet-load');
    wrap.append(el);
    await loaded;
    await el.updateComplete;
    await scaledTo(el, 200);
    return { el, wrap };
  };

  it('when the width changes', async () => {
    const { el, wrap } = await slot();
    wrap.style.width = '120px';
    await scaledTo(el, 120);
  });

  it('after it left the page and came back', async () => {
    const { el, wrap } = await slot();
    const real = env.timers;
    const leave = heldTimers([0]);
    env.timers = leave.timers;
    try {
      el.remove();
      // The end of the task: it left, it did not move.
      leave.fire(0);
    } finally {
      env.timers = real;
    }
    wrap.append(el);
    await el.updateComplete;
    wrap.style.width = '120px';
    await scaledTo(el, 120);
    wrap.style.width = '160px';
    await scaledTo(el, 160);
    expect(el.state).to.equal('ready');
  });

  it('a slot whose adslot changes scales by the new slot’s bounds', async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div style="width: 200px"></div>`);
    const el = document.createElement('pubnet-adslot') as PubnetAdslot;
    Object.assign(el, { api: emu.url, key, adslot: known.manualAdslot, eager: true });
    wrap.append(el);
    await oneEvent(el, 'pubnet-load');
    const reloaded = oneEvent(el, 'pubnet-load');
    el.adslot = known.bannerAdslot;
    await reloaded;
    await el.updateComplete;
    const drawingWidth = parseFloat(getComputedStyle(shadow(el).querySelector('.drawing')!).width);
    wrap.style.width = '120px';
    await scaledTo(el, 120);
    expect(drawingWidth, 'scaled down, not drawn smaller').to.be.above(120);
  });
});
