// Reading what a test page recorded of itself (test/e2e/pages/watch.js), the
// same way in every engine (support/engines.ts): where its elements were on
// every animation frame from the first paint on, its layout shifts where the
// engine reports them (Chromium), its errors, CSP violations and widget events.
import type { EnginePage } from './engines.js';
import { within } from './widgets.js';

/** An element's box on one frame, in page coordinates. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  defined: boolean;
}

/** A Layout Instability API entry: its value and what moved (`#id x,y w×h → x,y w×h`). */
export interface Shift {
  value: number;
  sources: string[];
}

export interface Watch {
  /** The watched elements' boxes: one entry per frame on which one of them changed. */
  boxes: { frame: number; time: number; boxes: Record<string, Box> }[];
  frames: number;
  /** Frames on which a stylesheet of the document was loading: boxes are not read then. */
  unread: number;
  /** `null` where the engine has no Layout Instability API (Firefox, WebKit). */
  shifts: Shift[] | null;
  errors: string[];
  violations: string[];
  events: { type: 'pubnet-load' | 'pubnet-error'; id: string; detail: number | string }[];
}

/** The first script of a test page's `<head>`: records the elements with these ids. */
export const watchScript = (ids: string[]) =>
  `<script src="/watch.js" data-watch="${ids.join(' ')}"></script>`;

/** What the page has recorded so far. */
export const readWatch = (page: EnginePage): Promise<Watch> =>
  page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);

/** Resolves after the page's next `count` animation frames (whatever changed has been laid out). */
export const frames = (page: EnginePage, count = 2): Promise<void> =>
  within(
    `${count} frames`,
    page.evaluate(async (n) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    }, count),
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the page has painted twice (two animation frames) since its
 * frame `after`, or since `#id` was first on a frame, or until `ms` have
 * passed without (a page whose rendering a stylesheet blocks has no frames):
 * the moment to release what the site held back "until after the page has
 * painted". Gives the frames seen.
 */
export async function paintedOr(
  page: EnginePage,
  { ms = 1000, after = 0, id }: { ms?: number; after?: number; id?: string } = {},
): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { frames, since } = await page.evaluate((watched) => {
      const watch = (window as unknown as { __watch?: Watch }).__watch;
      const first = watched ? watch?.boxes.find(({ boxes }) => boxes[watched]) : undefined;
      return { frames: watch?.frames ?? 0, since: watched ? first?.frame : 0 };
    }, id ?? '');
    if ((since !== undefined && frames >= Math.max(after, since) + 2) || Date.now() > deadline)
      return frames;
    await sleep(20);
  }
}

/** The first box of `id` the page painted, and every later one that differs from it. */
export function boxesOf(watch: Watch, id: string): { first?: Box; moves: string[] } {
  // Painted: from its first box with an area on (an element still empty paints nothing).
  const start = watch.boxes.findIndex(({ boxes }) => boxes[id]?.width && boxes[id]?.height);
  const seen = start < 0 ? [] : watch.boxes.slice(start).filter((entry) => entry.boxes[id]);
  const first = seen[0]?.boxes[id];
  const describe = (box: Box) =>
    `${box.x.toFixed(2)},${box.y.toFixed(2)} ${box.width.toFixed(2)}×${box.height.toFixed(2)}`;
  const moves = seen
    .filter(({ boxes }) =>
      (['x', 'y', 'width', 'height'] as const).some(
        (side) => !(Math.abs(boxes[id]![side] - first![side]) < 0.5),
      ),
    )
    .map(({ frame, boxes }) => `frame ${frame}: ${describe(boxes[id]!)}`);
  return { first, moves: moves.length ? [`first painted ${describe(first!)}`, ...moves] : [] };
}

/** Waits until every image in the shadow root of `#id` is decoded (or failed). */
export const imagesDecoded = (page: EnginePage, id: string): Promise<unknown> =>
  within(
    'images',
    page.evaluate(
      (host) =>
        Promise.all(
          [...document.getElementById(host)!.shadowRoot!.querySelectorAll('img')].map((img) =>
            img.decode().catch(() => {}),
          ),
        ).then(() => true),
      id,
    ),
  );
