// `pubnet-proxy --lexicon <file>` as a child process: the file's aliases and exclusions in the
// lexicon, SIGHUP reading it again and rebuilding, and a wrong file refused at start with the
// file and the field named.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { until } from '../../support/until.js';
import { TOKEN, call, known } from '../support/stack.js';
import { lexiconOf, namesByOffer, shop, startOffersUpstream } from './support/offers.js';

const CLI = ['--import', 'tsx', 'src/proxy/cli.ts'];

function env(): NodeJS.ProcessEnv {
  return { ...process.env, PUBNET_TOKEN: TOKEN };
}

/** A scratch folder for the test's files, removed at its end. */
function scratch(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-lexicon-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('pubnet-proxy --lexicon', { concurrency: true }, () => {
  test("the file's aliases and exclusions; SIGHUP reads it again and rebuilds", async (t) => {
    const upstream = await startOffersUpstream([shop(1), shop(2), shop(3)]);
    const file = join(scratch(t), 'lexicon.json');
    writeFileSync(
      file,
      JSON.stringify({
        aliases: { offers: { [shop(1).id]: ['Jedynka'] } },
        exclude: { hosts: ['sklep3.pl'] },
      }),
    );
    const child = spawn(
      process.execPath,
      [...CLI, '--upstream', upstream.url, '--port', '0', '--lexicon', file],
      { env: env(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    t.after(() => child.kill('SIGKILL'));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [url] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];

    const first = lexiconOf((await call(`${url}lexicon/`)).json);
    assert.deepEqual(Object.values(namesByOffer(first)), [
      ['Sklep 1', 'sklep1.pl', 'Jedynka'],
      ['Sklep 2', 'sklep2.pl'],
    ]);

    // The publisher changes the file, and the offers change: SIGHUP, then one line says so.
    writeFileSync(file, JSON.stringify({ aliases: { hosts: { 'sklep2.pl': ['Dwójka'] } } }));
    upstream.offers.push(shop(4));
    child.kill('SIGHUP');
    await until(() => /lexicon rebuilt: 4 entries/.test(stderr), 'the rebuild is logged', {
      ms: 30_000,
    });
    assert.match(
      stderr,
      /^pubnet-proxy: lexicon rebuilt: 4 entries, \d+ bytes, version [\w-]{22}$/m,
    );
    const second = lexiconOf((await call(`${url}lexicon/`)).json);
    assert.deepEqual(Object.values(namesByOffer(second)), [
      ['Sklep 1', 'sklep1.pl'],
      ['Sklep 2', 'sklep2.pl', 'Dwójka'],
      ['Sklep 3', 'sklep3.pl'],
      ['Sklep 4', 'sklep4.pl'],
    ]);

    // A file broken since: said so, the settings before kept, the lexicon rebuilt all the same.
    writeFileSync(file, JSON.stringify({ aliases: { hosts: { 'sklep2.pl': 'Dwójka' } } }));
    child.kill('SIGHUP');
    await until(() => /unchanged/.test(stderr), 'the second rebuild is logged', { ms: 30_000 });
    assert.match(
      stderr,
      /^pubnet-proxy: --lexicon \S+lexicon\.json: Invalid proxy option lexicon\.aliases\.hosts\["sklep2\.pl"\]: expected an array of at most 8 names; the settings before are kept$/m,
    );
    assert.equal(upstream.calls.length, 3, 'one listing a build');
    child.kill('SIGTERM');
    const [code] = await once(child, 'close');
    assert.equal(code, 0);
    assert.ok(!stderr.includes(TOKEN));
  });

  test('a file that cannot be read, is not JSON or has a wrong field: exit 2, named', async (t) => {
    const dir = scratch(t);
    const cases: [content: string | undefined, message: RegExp][] = [
      [undefined, /^pubnet-proxy: --lexicon \S+missing\.json: cannot be read \(ENOENT\)$/m],
      ['{"aliases": ', /^pubnet-proxy: --lexicon \S+broken\.json: not JSON$/m],
      [
        JSON.stringify({ exclude: { offers: ['kaktus.pl'] } }),
        /^pubnet-proxy: --lexicon \S+wrong\.json: Invalid proxy option lexicon\.exclude\.offers\[0\]: expected an offer uuid/m,
      ],
    ];
    const names = ['missing.json', 'broken.json', 'wrong.json'];
    await Promise.all(
      cases.map(async ([content, message], i) => {
        const file = join(dir, names[i]!);
        if (content !== undefined) writeFileSync(file, content);
        const child = spawn(
          process.execPath,
          [
            ...CLI,
            '--upstream',
            'http://127.0.0.1:9/',
            '--website',
            known.website.guid,
            '--lexicon',
            file,
          ],
          { env: env(), stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        const [code] = await once(child, 'close');
        assert.equal(code, 2, stderr);
        assert.match(stderr, message);
      }),
    );
  });
});
