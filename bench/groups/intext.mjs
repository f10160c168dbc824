// In-text links (issue 47): a 20,000-word Polish article linked from a 2,000-entry lexicon
// (8 names an entry: api-contract §15's bounds), in Chromium at 4× CPU slowdown (Lighthouse's
// mobile setting). Figures:
// - the longest task from the start to the last mention chosen (goal ≤ 50 ms: the work is
//   done in idle slices);
// - its wall time in the page (idle slices), and the same linking on a server
//   (`linkMentions` in Node, unthrottled: the matching's own cost), reported;
// - the lexicon's weight: 1,000 entries, gzip (goal ≤ 15 KB).
// The page runs `linkInText` bundled from src/intext/index.ts with esbuild, as the add-on
// runs it; the lexicon is answered by the page's route, so only the page's work is timed.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { withPage, cdp } from '../lib/browser.mjs';
import { measure, median, repeat, round } from '../lib/figures.mjs';

const PAGE = 'intext-20k.html';
const WORDS = 20_000;
/** 2,000 entries (§15's bound) of 3 names (a title, an alias, the domain): 214 KB of JSON, within 256 KiB. */
const ENTRIES = 2_000;
const NAMES = 3;

/** A seeded generator (the same article and lexicon each run). */
function random(seed) {
  return () => (seed = (seed * 16807) % 2147483647) / 2147483647;
}

const SYLLABLES = 'ka ro ta mi no le sza ow ra pe ki da ma lo bie dro zu wi ce go'.split(' ');
const COMMON = (
  'i w na z do że się nie to jak po od za o co ale tak już jest był przez ' +
  'dla sklep kupić cena tanio promocja dziś wczoraj rok dom'
).split(' ');

/** A shop-like word of `n` syllables, capitalised. */
const shopWord = (next, n) => {
  const word = Array.from(
    { length: n },
    () => SYLLABLES[Math.floor(next() * SYLLABLES.length)],
  ).join('');
  return word[0].toUpperCase() + word.slice(1);
};

/**
 * `count` entries, each with `names` names (at most 8): a word, a two-word name, a word in
 * `-ka`, a domain… as a title, aliases and a registrable domain give them.
 */
export function lexiconOf(count, seed = 7, names = 8) {
  const next = random(seed);
  return {
    version: `bench-${count}`,
    entries: Array.from({ length: count }, (_, i) => {
      const base = shopWord(next, 3);
      return {
        offer: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        names: [
          base,
          `${base} ${shopWord(next, 2)}`,
          `${shopWord(next, 2)}ka`,
          shopWord(next, 3),
          `${shopWord(next, 2)} ${shopWord(next, 3)}`,
          shopWord(next, 4),
          `${shopWord(next, 2)}a`,
        ]
          .slice(0, names - 1)
          .concat(`${base.toLowerCase()}.pl`),
        url: `https://${base.toLowerCase()}.pl/`,
      };
    }),
  };
}

/** A `words`-word article in paragraphs of 60 words, one word in 50 a mention's inflected form. */
function articleOf(lexicon, words) {
  const next = random(11);
  const paragraphs = [];
  for (let written = 0; written < words; written += 60) {
    const text = Array.from({ length: 60 }, () => {
      if (next() < 0.02) {
        const { names } = lexicon.entries[Math.floor(next() * lexicon.entries.length)];
        return names[0] + ['ie', 'a', 'em', ''][Math.floor(next() * 4)];
      }
      return COMMON[Math.floor(next() * COMMON.length)];
    });
    paragraphs.push(`<p>${text.join(' ')}.</p>`);
  }
  return paragraphs.join('\n');
}

/** `linkInText` as one classic script defining `PubnetIntext`. */
async function bundle() {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [new URL('../../src/intext/index.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'PubnetIntext',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

const pageHtml = (script, article) => `<!doctype html>
<html lang="pl"><head><meta charset="utf-8" /><title>Bench: in-text links in 20,000 words</title>
<script src="/recorder.js"></script>
<script>${script.replace(/<\/script/gi, '<\\/script')}</script>
</head><body><h1>Długi wpis</h1><article>
${article}
</article></body></html>`;

/** One run: the page at 4× slowdown, linkInText to its choice, the tasks and script time. */
async function once({ browser, stack }, body, lexicon) {
  return withPage(browser, async (page) => {
    await page.route(stack.page(PAGE), (route) =>
      route.fulfill({ body, contentType: 'text/html; charset=utf-8' }),
    );
    await page.route('**/bench-intext/lexicon/', (route) =>
      route.fulfill({ body: JSON.stringify(lexicon), contentType: 'application/json' }),
    );
    await page.goto(stack.page(PAGE));
    const session = await cdp(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const { started, ended, chosen } = await page.evaluate(async (api) => {
      const started = performance.now();
      const chosen = await window.PubnetIntext.linkInText(document.querySelector('article'), {
        api,
        // Each choice linked at once: the figure is the choosing, not the reader's scrolling.
        outOfView: async () => {},
      });
      return { started, ended: performance.now(), chosen };
    }, new URL('/bench-intext/', stack.origin).href);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const longTasks = await page.evaluate(() => window.__bench.longTasks);
    const during = longTasks.filter((t) => t.t + t.duration > started && t.t < ended);
    await session.detach();
    return {
      wallMs: ended - started,
      chosen,
      longest: Math.max(0, ...during.map((t) => t.duration)),
    };
  });
}

export async function intextFigures(ctx) {
  const lexicon = lexiconOf(ENTRIES, 7, NAMES);
  let serverMs = [];
  const article = articleOf(lexicon, WORDS);
  const results = (async () => {
    const body = pageHtml(await bundle(), article);
    // The server's cost of the same: the npm build's linkMentions, a fresh lexicon each run.
    const { linkMentions } = await import('../../dist/intext/index.js');
    serverMs = await repeat(ctx.runs, async () => {
      const t0 = performance.now();
      linkMentions(`<article>${article}</article>`, structuredClone(lexicon));
      return performance.now() - t0;
    });
    await once(ctx, body, lexicon); // warm-up
    return repeat(ctx.runs, () => once(ctx, body, lexicon));
  })();
  results.catch(() => {}); // each figure reports the failure
  const med = (list, key) => round(median(list.map((r) => r[key])));
  return [
    await measure(
      {
        name: 'intext.longestTask20k',
        label: 'In-text links: longest task, 20,000 words, 2,000 entries, 4× slowdown',
        unit: 'ms',
        goal: '≤ 50 ms',
        max: 50,
        timeoutMs: 300_000,
      },
      async () => {
        const list = await results;
        return {
          samples: list.map((r) => r.longest),
          wallMs: med(list, 'wallMs'),
          serverMs: round(median(serverMs)),
          chosen: med(list, 'chosen'),
          summary:
            `${med(list, 'chosen')} links chosen, ${med(list, 'wallMs')} ms from start to ` +
            `choice in idle slices at 4× slowdown; linkMentions in Node ` +
            `${round(median(serverMs))} ms`,
        };
      },
    ),
    await measure(
      {
        name: 'intext.lexiconGzip1000',
        label: 'In-text links: a 1,000-entry lexicon, gzip',
        unit: 'B',
        goal: '≤ 15 KB',
        max: 15 * 1024,
      },
      async () => {
        // A title and a domain an entry, as the emulator's offers give; the offer's uuid is
        // random, as the API's are.
        const { entries } = lexiconOf(1000, 3, 2);
        for (const entry of entries) entry.offer = randomUUID();
        const json = JSON.stringify({ version: 'bench', entries });
        return {
          samples: [gzipSync(json, { level: 6 }).length],
          bytes: Buffer.byteLength(json),
          summary: `${Buffer.byteLength(json)} B of JSON: a title and a domain an entry, a random uuid`,
        };
      },
    ),
  ];
}
