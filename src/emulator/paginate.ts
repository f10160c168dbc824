/**
 * The list envelope of spec §2.1: 1-based `page`, `page_size` default 20,
 * capped at 100 (api-contract §4), absolute `next`/`previous` built from the
 * request URL so other query parameters survive.
 */
import { badRequest, detail, fail } from './errors.js';
import { json } from './http.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface Paging {
  page: number;
  pageSize: number;
}

function positiveInt(name: string, raw: unknown): number {
  const n =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\d+$/.test(raw)
        ? Number(raw)
        : NaN;
  if (!Number.isInteger(n) || n < 1)
    fail(badRequest({ [name]: ['A valid positive integer is required.'] }));
  return n;
}

/**
 * Reads `page`/`page_size`: the query string wins over `fallback` (the body of
 * a product search), so a client can POST the same body to a `next` URL.
 */
export function readPaging(
  url: URL,
  fallback: { page?: unknown; page_size?: unknown } = {},
): Paging {
  const rawPage = url.searchParams.get('page') ?? fallback.page;
  const rawSize = url.searchParams.get('page_size') ?? fallback.page_size;
  const page = rawPage === undefined || rawPage === null ? 1 : positiveInt('page', rawPage);
  const size =
    rawSize === undefined || rawSize === null
      ? DEFAULT_PAGE_SIZE
      : positiveInt('page_size', rawSize);
  return { page, pageSize: Math.min(size, MAX_PAGE_SIZE) };
}

export interface PageOf<T> {
  count: number;
  page: number;
  pageSize: number;
  items: T[];
  hasNext: boolean;
  hasPrevious: boolean;
}

/** Slices one page; a page past the end is a 404 like DRF's. */
export function slicePage<T>(all: readonly T[], paging: Paging): PageOf<T> {
  const { page, pageSize } = paging;
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  if (page > pages) fail(detail(404, 'Invalid page.'));
  const start = (page - 1) * pageSize;
  return {
    count: all.length,
    page,
    pageSize,
    items: all.slice(start, start + pageSize),
    hasNext: page < pages,
    hasPrevious: page > 1,
  };
}

/** The request URL with another page number (page 1 drops `page`, as DRF does). */
export function pageUrl(url: URL, page: number): string {
  const next = new URL(url.href);
  if (page <= 1) next.searchParams.delete('page');
  else next.searchParams.set('page', String(page));
  return next.href;
}

export function envelope<T, R>(url: URL, p: PageOf<T>, present: (item: T) => R) {
  return {
    count: p.count,
    next: p.hasNext ? pageUrl(url, p.page + 1) : null,
    previous: p.hasPrevious ? pageUrl(url, p.page - 1) : null,
    results: p.items.map(present),
  };
}

/** The whole list answer: read paging, slice, wrap. */
export function paginate<T, R>(url: URL, all: readonly T[], present: (item: T) => R): Response {
  return json(envelope(url, slicePage(all, readPaging(url)), present));
}
