/**
 * Product records → wire shape (api-contract §6). Images point at the
 * emulator's own SVGs; `link` is a click URL only when a website key is known.
 */
import type { Product } from '../../client/types.js';
import { clickUrl } from '../click-codes.js';
import type { Ctx } from '../context.js';
import type { ProductRec } from '../state.js';

export function productImage(ctx: Ctx, id: string, width: number, extra = ''): string {
  return `${ctx.origin}/images/${encodeURIComponent(id)}.svg?w=${width}${extra}`;
}

/** `websiteId`: the website of `?key=`, or null for no links. */
export function presentProduct(p: ProductRec, ctx: Ctx, websiteId: string | null): Product {
  const { fixed, ...fields } = p;
  const images = {
    thumb_43: productImage(ctx, p.id, 43),
    thumb_180: productImage(ctx, p.id, 180),
    default: productImage(ctx, p.id, 600),
  };
  const { link: fixedLink, ...fixedRest } = fixed ?? {};
  // Without a key `link` is always null, hostile products included.
  const link =
    websiteId === null
      ? null
      : fixedLink !== undefined
        ? fixedLink
        : clickUrl(ctx.state.clickTargets, ctx.origin, {
            kind: 'product',
            id: p.id,
            website: websiteId,
          });
  return {
    ...fields,
    images,
    image_link: images.default,
    additional_image_link: productImage(ctx, p.id, 600, '&variant=2'),
    ...fixedRest,
    link,
  };
}
