// Cache-hit throughput for `npm run load:proxy`: one GET sent over and over on N keep-alive
// connections (raw node:net, one request in flight per connection, the smallest client this
// process can be, so that the server is what is measured), and a bare node:http server in its
// own process answering fixed bytes, the ceiling the proxy's share is taken of.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { memoryOf, runtimes, start, stop } from '../../scripts/test/runtimes.mjs';

const round = (value, digits = 1) => Number(value.toFixed(digits));

/**
 * The cache-hit runs: keep-alive connections, ms per run (Node and the bare server 10 s, the
 * others 5 s, to stay within the script's time cap), and the goals for Node: its share of the
 * bare server's requests/s, its peak RSS at that load.
 */
export const HITS = {
  connections: 50,
  ms: { bare: 10_000, node: 10_000, other: 5_000 },
  goals: { nodeShare: 0.5, nodeRssMb: 150 },
};

const HEAD_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/**
 * The length of the first whole response in `buf`, or 0 if it is not all there yet.
 * Knows Content-Length and chunked bodies (what the runtimes send).
 */
function responseLength(buf) {
  const head = buf.indexOf(HEAD_END);
  if (head < 0) return 0;
  const text = buf.toString('latin1', 0, head).toLowerCase();
  const length = /\r\ncontent-length:\s*(\d+)/.exec(text);
  if (length) {
    const total = head + 4 + Number(length[1]);
    return buf.length >= total ? total : 0;
  }
  if (/\r\ntransfer-encoding:\s*chunked/.test(text)) {
    const end = buf.indexOf(CHUNKED_END, head + 4);
    return end < 0 ? 0 : end + CHUNKED_END.length;
  }
  return head + 4;
}

/**
 * Sends `GET path` on `connections` keep-alive connections for `durationMs`; resolves with
 * { requests, rps, statuses, errors }.
 */
export async function hammer(base, path, { connections = 50, durationMs = 10_000, headers = {} }) {
  const { hostname, port } = new URL(base);
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${extra}\r\n`);
  const statuses = {};
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const one = () =>
    new Promise((done) => {
      const socket = connect(Number(port), hostname);
      socket.setNoDelay(true);
      let buf = Buffer.alloc(0);
      socket.on('connect', () => socket.write(request));
      socket.on('data', (chunk) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (let length = responseLength(buf); length; length = responseLength(buf)) {
          const status = buf.toString('latin1', 9, 12);
          statuses[status] = (statuses[status] ?? 0) + 1;
          requests += 1;
          buf = buf.subarray(length);
          if (performance.now() >= deadline) return void socket.destroy();
          socket.write(request);
        }
      });
      socket.on('error', () => (errors += 1));
      socket.on('close', () => done());
    });
  await Promise.all(Array.from({ length: connections }, one));
  const seconds = (performance.now() - started) / 1000;
  return { requests, rps: Math.round(requests / seconds), statuses, errors };
}

/** A GET's status, headers (minus per-connection ones) and body bytes, with no Accept-Encoding. */
export function capture(url) {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const headers = { ...res.headers };
        for (const name of ['connection', 'keep-alive', 'date', 'transfer-encoding'])
          delete headers[name];
        const body = Buffer.concat(chunks);
        headers['content-length'] = String(body.length);
        done({ status: res.statusCode, headers, body: body.toString('base64') });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

const BARE = `
import { createServer } from 'node:http';
const { status, headers, body } = JSON.parse(process.env.BARE_ANSWER);
const bytes = Buffer.from(body, 'base64');
const server = createServer((req, res) => {
  res.writeHead(status, headers);
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
`;

/** A bare node:http server, its own process, answering `answer` (from `capture`) to anything. */
export async function startBare(answer) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE], {
    env: { PATH: process.env.PATH ?? '', BARE_ANSWER: JSON.stringify(answer) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Never outlives this script, even when its watchdog ends it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  const [url] = await once(createInterface({ input: child.stdout }), 'line');
  return { child, url };
}

/**
 * Cache-hit throughput of each runtime (a fresh process, its recipe) answering `path` once
 * cached, after a bare node:http server answering the bytes of the first runtime's cache hit;
 * each row: runtime, requests, rps, statuses, errors, peakRssMb, share (of bare), problem.
 */
export async function cacheHits(scratch, { vars, path }) {
  const { connections, ms, goals } = HITS;
  const rows = [];
  let bare;
  for (const runtime of runtimes) {
    const { child, url } = await start(runtime, vars, scratch);
    try {
      await capture(`${url}${path}`);
      const answer = await capture(`${url}${path}`);
      if (answer.status !== 200) throw new Error(`${runtime.name}: cached read ${answer.status}`);
      if (!bare) {
        const server = await startBare(answer);
        try {
          const run = await hammer(server.url, path, { connections, durationMs: ms.bare });
          const peakRssMb = round(memoryOf(server.child.pid)?.hwm ?? 0);
          bare = { runtime: 'bare node:http', ...run, peakRssMb };
        } finally {
          await stop(server.child);
        }
        rows.push(bare);
      }
      const run = await hammer(url, path, {
        connections,
        durationMs: ms[runtime.name] ?? ms.other,
        headers: { [runtime.ipHeader]: '198.51.100.7' },
      });
      const row = {
        runtime: runtime.name,
        ...run,
        peakRssMb: round(memoryOf(child.pid)?.hwm ?? 0),
      };
      row.share = round(run.rps / bare.rps, 3);
      const failed = (run.statuses['200'] ?? 0) !== run.requests || run.errors;
      if (failed) row.problem = `${runtime.name} cache hits: ${JSON.stringify(run.statuses)}`;
      else if (runtime.name === 'node' && row.share < goals.nodeShare)
        row.problem = `node cache hits: ${Math.round(row.share * 100)}% of bare node:http`;
      else if (runtime.name === 'node' && row.peakRssMb > goals.nodeRssMb)
        row.problem = `node cache hits: peak RSS ${row.peakRssMb} MB`;
      rows.push(row);
    } finally {
      await stop(child);
    }
  }
  return rows;
}

/** The cache-hit table. */
export function printHits(rows) {
  console.log(
    `\ncache hits: one cached offer read, ${HITS.connections} keep-alive connections, loopback\n`,
  );
  const header = ['server', 'req/s', 'share of bare', 'peak RSS MB'];
  const cells = rows.map((row) => [
    row.runtime,
    row.rps,
    row.share === undefined ? '-' : `${Math.round(row.share * 100)}%`,
    row.peakRssMb,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => String(c[i]).length)));
  for (const row of [header, widths.map((w) => '-'.repeat(w)), ...cells])
    console.log(row.map((cell, i) => String(cell).padStart(widths[i])).join('  '));
}
