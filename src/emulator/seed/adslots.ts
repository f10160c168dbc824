/**
 * Ad slots of both types (api-contract §8): filter slots using the filter
 * mini-language, one with invalid `config` JSON, and manual slots whose
 * widgets include creative HTML with a `<script>` (to prove sandboxing).
 */
import { clickCode, clickPath, ORIGIN } from '../click-codes.js';
import { known } from '../known.js';
import type { AdslotRec, ClickTarget, OfferRec } from '../state.js';
import { HOSTILE_FEED } from './hostile.js';

const FULL_CONFIG = JSON.stringify({
  layout: 'grid',
  columns: 4,
  limit: 8,
  ordering: '-score',
  show_price: true,
  show_brand: true,
  cta: 'Shop now',
  disclosure: 'Ad',
});

const at = { created_at: '2024-05-20T10:00:00Z', updated_at: '2024-10-01T10:00:00Z' };

export function seedAdslots(offers: OfferRec[]): {
  adslots: AdslotRec[];
  clickTargets: [string, ClickTarget][];
} {
  const site = known.website.id;
  const clickTargets: [string, ClickTarget][] = [];
  const click = (offerIndex: number, website: string = site): string => {
    const target: ClickTarget = { kind: 'offer', id: offers[offerIndex]?.id ?? '', website };
    const code = clickCode(target);
    clickTargets.push([code, target]);
    return ORIGIN + clickPath(code);
  };
  const banner = (offerIndex: number, w: number, h: number, website: string = site): string =>
    `<a href="${click(offerIndex, website)}" target="_blank" rel="sponsored noopener">` +
    `<img src="${ORIGIN}/images/banner-${offers[offerIndex]?.id ?? ''}.svg?w=${w}&h=${h}" ` +
    `width="${w}" height="${h}" alt="${offers[offerIndex]?.title ?? ''}"></a>`;
  const slot = (
    id: string,
    title: string,
    fields: Partial<AdslotRec> & Pick<AdslotRec, 'type'>,
  ): AdslotRec => ({
    id,
    _version: 1,
    title,
    website: site,
    config: null,
    filters: [],
    widgets: [],
    ...at,
    ...fields,
  });

  const adslots = [
    slot(known.filterAdslot, 'Headphones: Sony or Bose', {
      type: 'filter',
      config: FULL_CONFIG,
      filters: [
        { brand: 'Sony|Bose', category: 'Headphones' },
        { price: '10..5000', title: '!refurbished' },
      ],
    }),
    slot(known.manualAdslot, 'Homepage: featured partners', {
      type: 'manual',
      config: JSON.stringify({ disclosure: 'Sponsored' }),
      widgets: [
        {
          id: 'w-1',
          item_type: 'product',
          token: known.product,
          url: '',
          x: 0,
          y: 0,
          width: 240,
          height: 320,
        },
        {
          id: 'w-2',
          item_type: 'offer',
          token: known.offers[1],
          url: click(1),
          x: 248,
          y: 0,
          width: 240,
          height: 150,
        },
        {
          id: 'w-3',
          item_type: 'banner',
          token: null,
          url: click(0),
          embed_code: banner(0, 240, 162),
          x: 248,
          y: 158,
          width: 240,
          height: 162,
        },
        {
          id: 'w-4',
          item_type: 'html',
          token: null,
          url: click(2),
          embed_code:
            '<div style="font:14px sans-serif;padding:8px">Black Friday at SportZone: up to 50% off</div>' +
            '<script>document.body.insertAdjacentHTML("beforeend", "<p id=script-ran>script ran</p>");' +
            'try { parent.document.body.dataset.pwned = "yes"; } catch (e) {}</script>',
          x: 496,
          y: 0,
          width: 232,
          height: 320,
        },
      ],
    }),
    slot(known.emptyFilterAdslot, 'Nothing matches', {
      type: 'filter',
      config: JSON.stringify({ layout: 'list' }),
      filters: [{ title: 'no-such-product-zzz' }],
    }),
    slot(known.hostileAdslot, 'Hostile content (safety test)', {
      type: 'filter',
      config: JSON.stringify({ layout: 'grid', columns: 3, limit: 6 }),
      filters: [{ feed_id: HOSTILE_FEED }],
    }),
    slot(known.invalidConfigAdslot, 'Running shoes on sale (broken config)', {
      type: 'filter',
      config: '{"layout": "grid", columns: 4',
      filters: [{ category: 'Running shoes', discount: '>10' }],
    }),
    slot(known.secondSiteAdslot, 'Coffee deals', {
      type: 'filter',
      website: known.websites.secondActive.id,
      config: JSON.stringify({ layout: 'list', limit: 5, show_brand: false, cta: 'See deal' }),
      filters: [{ any: 'coffee', sale_price: '<2000' }],
    }),
    slot('a1000000-0000-4000-8000-000000000007', 'New phones and laptops', {
      type: 'filter',
      config: JSON.stringify({ layout: 'carousel', limit: 12, ordering: '-updated_at' }),
      filters: [{ category: 'Smartphones|Laptops', updated_at: '2024-09-01..2024-11-15' }],
    }),
    // A Polish blog's slot: the Polish feeds' coffee machines, priced in PLN.
    slot(known.polishAdslot, 'Blog kawowy: ekspresy do kawy', {
      type: 'filter',
      config: JSON.stringify({
        layout: 'grid',
        columns: 3,
        limit: 6,
        ordering: '-discount',
        show_price: true,
        show_brand: true,
        cta: 'Do sklepu',
        disclosure: 'Reklama',
      }),
      filters: [{ title: 'ekspres', currency: 'PLN', discount: '>0' }, { title: '!refurbished' }],
    }),
    slot(known.bannerAdslot, 'Sidebar banner', {
      type: 'manual',
      website: known.websites.secondActive.id,
      widgets: [
        {
          id: 'w-5',
          item_type: 'banner',
          token: null,
          url: click(5, known.websites.secondActive.id),
          embed_code: banner(5, 300, 250, known.websites.secondActive.id),
          x: 0,
          y: 0,
          width: 300,
          height: 250,
        },
      ],
    }),
  ];
  return { adslots, clickTargets };
}
