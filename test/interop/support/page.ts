// Reading and driving an interop app's page from the test: what its
// listeners recorded (`window.__events`), its elements' properties, its state.
import type { Page } from 'playwright-core';
import { within } from '../../e2e/support/widgets.js';
import type { Attrs, Recorded } from '../apps/shared.js';

export const EVENTS = ['pubnet-load', 'pubnet-error', 'pubnet-click', 'pubnet-impression'];

/** What the app's listeners recorded. */
export const recorded = (page: Page): Promise<Recorded[]> =>
  page.evaluate(() => (window as unknown as { __events: Recorded[] }).__events);

/**
 * Waits, in the page, until the app's listeners have recorded each of `wanted`
 * (`count` times, default once): checked after every widget event, which
 * reaches the document after the app's own listener on the element.
 */
export async function waitForEvents(
  page: Page,
  wanted: { type: string; id: string; count?: number }[],
): Promise<Recorded[]> {
  const what = wanted.map((w) => `${w.type} of #${w.id} ×${w.count ?? 1}`).join(', ');
  return within(
    what,
    page.evaluate(
      async ([wanted, types]) => {
        const log = (window as unknown as { __events: Recorded[] }).__events;
        while (
          !wanted.every(
            (w) => log.filter((e) => e.type === w.type && e.id === w.id).length >= (w.count ?? 1),
          )
        )
          await new Promise((resolve) => {
            const stop = new AbortController();
            for (const type of types)
              document.addEventListener(
                type,
                () => {
                  stop.abort();
                  resolve(undefined);
                },
                { signal: stop.signal },
              );
          });
        return log;
      },
      [wanted, EVENTS] as const,
    ),
  );
}

/** The properties `names` of the element `#id`. */
export const properties = (page: Page, id: string, names: string[]) =>
  page.evaluate(
    ([id, names]) => {
      const element = document.getElementById(id) as unknown as Record<string, unknown>;
      return Object.fromEntries(names.map((name) => [name, element[name]]));
    },
    [id, names] as const,
  );

export const setState = (page: Page, patch: Partial<Attrs>) =>
  page.evaluate(
    (patch) => (window as unknown as { app: { set(p: Partial<Attrs>): void } }).app.set(patch),
    patch,
  );
