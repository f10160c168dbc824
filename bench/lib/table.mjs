// The table `npm run bench` prints: figure | median | goal | ok | detail, where
// detail is the figure's one-line `summary` (ratios, what the time was spent on);
// then, for figures that have one, their `breakdownLines` in full.

const okText = (figure) =>
  figure.error ? 'FAIL*' : figure.ok === null ? '—' : figure.ok ? 'yes' : 'NO';

const valueText = (figure) =>
  figure.median === null ? 'missing' : `${figure.median} ${figure.unit}`;

/** Prints the figures as an aligned plain-text table, then the reasons of failed ones. */
export function printTable(figures, { latency, runs }) {
  const rows = figures.map((f) => [
    f.label ?? f.name,
    valueText(f),
    f.goal ?? '',
    okText(f),
    f.summary ?? '',
  ]);
  const head = ['figure', 'median', 'goal', 'ok', 'detail'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(`\nMedian of ${runs} runs each; API latency ${latency} ms; loopback.\n`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) console.log(line(row));
  for (const f of figures.filter((f) => f.breakdownLines?.length)) {
    console.log(`\n${f.label ?? f.name}, breakdown (ms):`);
    for (const line of f.breakdownLines) console.log(`  - ${line}`);
  }
  const failed = figures.filter((f) => f.error);
  if (failed.length) console.log('');
  for (const f of failed) console.log(`* ${f.name}: ${f.error}`);
  for (const f of figures)
    for (const note of f.notes ?? []) console.log(`note: ${f.name}: ${note}`);
}
