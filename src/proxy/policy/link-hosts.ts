/**
 * Where a tracking link may lead (api-contract §13): a deep link or
 * traffic-back URL stays on the offer's own site, that is the site's host or
 * any host under the same registrable domain, which the public suffix list
 * decides (tldts, its private section included: `a.myshopify.com` and
 * `b.myshopify.com` are two sites, as are `a.github.io` and `b.github.io`).
 * An IP address or a single-label host is its own site only. The lexicon names
 * an offer by the same registrable domain (`www.kaktus.pl` → `kaktus.pl`).
 */
import { getDomain } from 'tldts';

const PSL = { allowPrivateDomains: true, extractHostname: false } as const;

/** The host of an absolute URL as compared: lower case, punycode, no trailing dot; else `undefined`. */
export function hostOf(url: string): string | undefined {
  try {
    const host = new URL(url).hostname.replace(/\.$/, '');
    return host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The registrable domain of `host` (`shop.example.co.uk` → `example.co.uk`), or `null` for
 * none (an IP address, a single label, a public suffix itself). Also the lexicon's domain name
 * of an offer (lexicon/names.ts).
 */
export function registrable(host: string): string | null {
  return getDomain(host, PSL);
}

/** Whether `host` is on the site whose host is `site`: the same host, or the same registrable domain. */
export function onSite(host: string, site: string): boolean {
  if (host === site) return true;
  const domain = registrable(site);
  return domain !== null && registrable(host) === domain;
}
