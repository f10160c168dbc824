/**
 * Both tracking-link PUTs (api-contract §7): validate the body, answer it back
 * with `tracking_link`. The code hashes what the click stands for, so the same
 * body always gives the same link; `shorten` folds sid and deep link into it.
 */
import { clickCode, clickPath } from './click-codes.js';
import type { Ctx } from './context.js';
import { badRequest, Errors, fail } from './errors.js';
import { isHttpUrl, isRecord, json } from './http.js';
import type { ClickTarget, WebsiteRec } from './state.js';

const SID = /^[A-Za-z0-9_-]{1,32}$/;

/** A live (not deleted) website by id or guid. */
export function findWebsite(ctx: Ctx, key: string): WebsiteRec | undefined {
  return ctx.state.websites.find((w) => (w.id === key || w.guid === key) && w.status !== 'deleted');
}

const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

export function trackingLink(ctx: Ctx, kind: ClickTarget['kind'], id: string): Response {
  const body = ctx.body ?? {};
  if (!isRecord(body)) {
    return fail(badRequest({ non_field_errors: ['Invalid data. Expected a dictionary.'] }));
  }
  const errors = new Errors();
  let website: WebsiteRec | undefined;
  if (given(body.website)) {
    website = typeof body.website === 'string' ? findWebsite(ctx, body.website) : undefined;
    if (!website) errors.add('website', `Unknown website "${String(body.website)}".`);
  }
  if (given(body.sid) && !(typeof body.sid === 'string' && SID.test(body.sid))) {
    errors.add('sid', 'At most 32 characters: letters, digits, "_" and "-".');
  }
  for (const field of ['deep_link', 'traffic_back_url'] as const) {
    if (given(body[field]) && !isHttpUrl(body[field])) {
      errors.add(field, 'Enter an absolute http(s) URL.');
    }
  }
  if (given(body.shorten) && typeof body.shorten !== 'boolean') {
    errors.add('shorten', 'Must be a boolean.');
  }
  errors.throwIfAny();

  const sid = given(body.sid) ? (body.sid as string) : undefined;
  const deepLink = given(body.deep_link) ? (body.deep_link as string) : undefined;
  const shorten = body.shorten === true;
  const target: ClickTarget = { kind, id, website: website?.id ?? null };
  if (given(body.traffic_back_url)) target.traffic_back_url = body.traffic_back_url as string;
  if (shorten) {
    if (sid) target.sid = sid;
    if (deepLink) target.deep_link = deepLink;
  }
  const code = clickCode(target);
  ctx.state.clickTargets.set(code, target);

  // Built by hand so the encoding is exactly encodeURIComponent's.
  const query = shorten
    ? []
    : [
        ...(deepLink ? [`deep_link=${encodeURIComponent(deepLink)}`] : []),
        ...(sid ? [`sid=${encodeURIComponent(sid)}`] : []),
      ];
  const link = ctx.origin + clickPath(code) + (query.length ? `?${query.join('&')}` : '');
  return json({ ...body, tracking_link: link });
}
