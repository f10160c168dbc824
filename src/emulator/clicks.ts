/**
 * The tracking domain: the emulator's own origin answers click URLs, so the
 * demo works offline. `/click/<code>/` records the click and redirects to a
 * tiny local landing page that names what was clicked and where the real
 * network would send the visitor on (a deep link; a lender's own site).
 *
 * Given `X-Emulator-Country` (two letters: the visitor's country, as the network would learn
 * it from the address), a click on an offer, or on a product of an offer, outside the offer's
 * `geo_targets` is answered as the network answers it (the spec, api-contract §16): a blank
 * page when the offer enforces its targets, else a redirect to the offer's page.
 */
import { param, type Ctx } from './context.js';
import { notFound } from './errors.js';
import { escapeHtml, html, isHttpUrl, nowIso } from './http.js';
import type { ClickTarget } from './state.js';

const MAX_CLICKS = 10_000;

const KIND_NAMES: Record<ClickTarget['kind'], string> = {
  offer: 'Offer',
  product: 'Product',
  loan: 'Loan offer',
};

function targetName(ctx: Ctx, t: ClickTarget): string {
  if (t.kind === 'offer') return ctx.state.offers.find((o) => o.id === t.id)?.title ?? t.id;
  if (t.kind === 'loan') return ctx.state.loans.find((l) => l.domain === t.id)?.title ?? t.id;
  const p = ctx.state.productById.get(t.id);
  return p?.title ?? t.id;
}

/** The offer a click target stands for (a product's is its offer), if any. */
function offerOf(ctx: Ctx, t: ClickTarget) {
  const id =
    t.kind === 'offer'
      ? t.id
      : t.kind === 'product'
        ? ctx.state.productById.get(t.id)?.offer_id
        : undefined;
  return id === undefined ? undefined : ctx.state.offers.find((o) => o.id === id);
}

/** What the network answers a visitor from `country` outside an offer's targets. */
function outsideTargets(
  ctx: Ctx,
  target: ClickTarget,
  country: string | null,
): Response | undefined {
  const offer = offerOf(ctx, target);
  if (!offer || !country || !/^[A-Z]{2}$/.test(country) || offer.geo_targets.includes(country))
    return undefined;
  return offer.enforce_geo_targeting
    ? html(
        '<!doctype html><html><head><meta charset="utf-8"><title></title></head><body></body></html>',
      )
    : new Response(null, { status: 302, headers: { Location: offer.preview_url } });
}

export function click(ctx: Ctx): Response {
  const code = param(ctx, 'code');
  const target = ctx.state.clickTargets.get(code);
  if (!target) return notFound();
  const q = ctx.url.searchParams;
  ctx.state.clicks.push({
    code,
    at: nowIso(),
    target,
    sid: q.get('sid') ?? target.sid ?? null,
    deep_link: q.get('deep_link') ?? target.deep_link ?? null,
  });
  if (ctx.state.clicks.length > MAX_CLICKS) ctx.state.clicks.shift();
  const abroad = outsideTargets(ctx, target, ctx.req.headers.get('x-emulator-country'));
  if (abroad) return abroad;
  return new Response(null, {
    status: 302,
    headers: { Location: `/landing/${encodeURIComponent(code)}/${ctx.url.search}` },
  });
}

export function landing(ctx: Ctx): Response {
  const code = param(ctx, 'code');
  const target = ctx.state.clickTargets.get(code);
  if (!target) return notFound();
  const q = ctx.url.searchParams;
  const sid = q.get('sid') ?? target.sid ?? null;
  const deep = q.get('deep_link') ?? target.deep_link ?? null;
  const site = ctx.state.websites.find((w) => w.id === target.website);
  const name = targetName(ctx, target);
  const rows = [
    [KIND_NAMES[target.kind], name],
    ['SubID (sid)', sid ?? '(none)'],
    ['Website', site?.url ?? '(none)'],
    ['Deep link', deep ?? '(none)'],
  ]
    .map(([k, v]) => `<tr><th>${escapeHtml(k ?? '')}</th><td>${escapeHtml(v ?? '')}</td></tr>`)
    .join('');
  const onward = isHttpUrl(deep)
    ? `<p>The real network would now send you to <code>${escapeHtml(deep)}</code>.</p>`
    : '';
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Landing: ${escapeHtml(name)}</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem}th{text-align:left;padding-right:1rem}</style>
</head><body><h1>${escapeHtml(name)}</h1>
<p>Pubnet emulator landing page: the click was recorded.</p>
<table>${rows}</table>${onward}</body></html>`;
  return html(page, 200, {
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
}
