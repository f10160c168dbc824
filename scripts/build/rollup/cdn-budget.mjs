// A rollup plugin for the CDN builds: writes the SRI hash and the size beside a CDN file
// (<file>.sri, <file>.size.json), and fails the build when the file outgrows its `budget`
// (after writing it, so it can be inspected).
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** `budget`: the ceiling, min+gzip bytes; `target`: the goal, reported beside it. */
export const cdnBudget = ({ budget, target }) => {
  let over = '';
  return {
    name: 'pubnet-cdn-budget',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const gz = gzipSync(file.code, { level: 9 }).length;
        // Bytes, not UTF-16 units: the language tables hold non-ASCII letters.
        const min = Buffer.byteLength(file.code);
        const sri = `sha384-${createHash('sha384').update(file.code).digest('base64')}`;
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.sri`, source: `${sri}\n` });
        this.emitFile({
          type: 'asset',
          fileName: `${file.fileName}.size.json`,
          source: JSON.stringify({ min, gzip: gz, budget, target }) + '\n',
        });
        console.log(
          `${file.fileName}: ${min} B min, ${gz} B min+gzip (ceiling ${budget} B, target ${target} B)`,
        );
        over =
          gz > budget ? `${file.fileName} is ${gz} B min+gzip, over its ${budget} B budget` : '';
      }
    },
    writeBundle() {
      if (over) this.error(over);
    },
  };
};
