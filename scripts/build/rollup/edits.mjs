// What the build's own transforms share: walking a module's syntax tree and applying
// edits to its text ([start, end, text], sorted, disjoint) with an exact source map.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const vlq = (n) => {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let s = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v) digit |= 32;
    s += B64[digit];
  } while (v);
  return s;
};

/** Applies `edits` ([start, end, text], sorted, disjoint) with a source map (one segment per character). */
export function applyEdits(code, edits, id) {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] == '\n') lineStarts.push(i + 1);
  const where = (offset) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return [lo, offset - lineStarts[lo]];
  };
  const lines = [[]];
  let out = '';
  let col = 0;
  // `from`: the source offset of each character (copied), or of the whole text (replaced).
  const emit = (text, from, copied) => {
    for (let i = 0; i < text.length; i++) {
      if (copied || i == 0) lines.at(-1).push([col, ...where(from + (copied ? i : 0))]);
      if (text[i] == '\n') {
        lines.push([]);
        col = 0;
      } else col++;
    }
    out += text;
  };
  let pos = 0;
  for (const [start, end, text] of edits) {
    emit(code.slice(pos, start), pos, true);
    emit(text, start, false);
    pos = end;
  }
  emit(code.slice(pos), pos, true);
  let prevLine = 0;
  let prevCol = 0;
  const mappings = lines
    .map((segments) => {
      let prevGen = 0;
      return segments
        .map(([gen, line, column]) => {
          const s = vlq(gen - prevGen) + 'A' + vlq(line - prevLine) + vlq(column - prevCol);
          [prevGen, prevLine, prevCol] = [gen, line, column];
          return s;
        })
        .join(',');
    })
    .join(';');
  return { code: out, map: { version: 3, sources: [id], names: [], mappings } };
}

/**
 * Walks the syntax tree of `code` (`parse`: the plugin context's), calling `visit` on each
 * node with the list of edits to add to; when `visit` returns true, not below that node.
 * The edited code with its source map, or null when there is no edit.
 */
export function editModule(code, id, parse, visit) {
  const edits = [];
  const walk = (node) => {
    if (!node || typeof node.type != 'string') return;
    if (visit(node, edits)) return;
    for (const key in node) {
      const child = node[key];
      if (Array.isArray(child)) child.forEach(walk);
      else if (child && typeof child == 'object') walk(child);
    }
  };
  walk(parse(code));
  if (!edits.length) return null;
  return applyEdits(
    code,
    edits.sort((a, b) => a[0] - b[0]),
    id,
  );
}
