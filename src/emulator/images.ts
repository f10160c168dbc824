/**
 * Generated SVG images on the emulator's own origin, so nothing loads from an
 * external host: `/images/<product id>.svg?w=180`, `/images/offer-<id>.svg`,
 * `/images/banner-<offer id>.svg?w=300&h=250`, `/images/media-<id>.svg`,
 * `/images/loan-<lender domain>.svg` (the payday-loans page's logos).
 */
import { param, type Ctx } from './context.js';
import { notFound } from './errors.js';
import { escapeHtml } from './http.js';
import { hash32 } from './prng.js';

function initials(text: string): string {
  const parts = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return (
    parts
      .slice(0, 2)
      .map((w) => w[0])
      .join('') || '?'
  ).toUpperCase();
}

function size(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 8 && n <= 2000 ? n : fallback;
}

export function svg(label: string, caption: string, seed: string, w: number, h: number): string {
  const hue = parseInt(hash32(seed).slice(0, 4), 16) % 360;
  const font = Math.round(Math.min(w, h) * 0.36);
  // Captions only where they can be read.
  const text =
    w >= 120 && caption
      ? `<text x="50%" y="${Math.round(h * 0.86)}" font-size="${Math.max(10, Math.round(w / 16))}" ` +
        `text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeHtml(caption.slice(0, 40))}</text>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue} 55% 42%)"/>` +
    `<text x="50%" y="50%" dy="0.35em" font-size="${font}" text-anchor="middle" fill="#fff" ` +
    `font-family="sans-serif" font-weight="bold">${escapeHtml(initials(label))}</text>${text}</svg>`
  );
}

function resolve(ctx: Ctx, name: string): { label: string; caption: string } | undefined {
  const [prefix, ...rest] = name.split('-');
  const id = rest.join('-');
  if (prefix === 'offer' || prefix === 'banner') {
    const o = ctx.state.offers.find((x) => x.id === id);
    if (o) return { label: o.title, caption: prefix === 'banner' ? `${o.title}: shop now` : '' };
  }
  if (prefix === 'loan') {
    const l = ctx.state.loans.find((x) => x.domain === id);
    // Initials read ASCII letters: "Pożyczka Plus" → "PP", not "PY".
    const label = (l?.title ?? id).normalize('NFD').replace(/\p{M}/gu, '');
    if (l) return { label, caption: '' };
  }
  if (prefix === 'media') {
    const m = ctx.state.embedMedia.find((x) => x.id === id);
    if (m) return { label: String(m.name ?? 'Media'), caption: String(m.name ?? '') };
  }
  const p = ctx.state.productById.get(name);
  if (p) return { label: p.title ?? p.id, caption: p.brand ?? '' };
  return undefined;
}

export function image(ctx: Ctx): Response {
  const file = param(ctx, 'file');
  if (!file.endsWith('.svg')) return notFound();
  const name = file.slice(0, -4);
  const found = resolve(ctx, name);
  if (!found) return notFound();
  const w = size(ctx.url.searchParams.get('w'), 600);
  const h = size(ctx.url.searchParams.get('h'), w);
  return new Response(svg(found.label, found.caption, name, w, h), {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
    },
  });
}
