// A rollup plugin for the CDN build: minifies the static parts of the `html`
// and `css` tagged templates of our own modules (src/), which Lit ships as
// written. Runs after TypeScript, on JS; keeps the source map exact.
// - css: comments go; whitespace runs become one space, none around `{ } ; , >`, after `:`
//   and `(`, before `)`, and no `;` before `}`; quotes around a plain word in an
//   attribute selector go (`[part='title']` → `[part=title]`);
// - html: inside a tag, whitespace runs become one space, none before `>`;
//   in text, a whitespace run with a line break becomes one space (as the
//   browser shows it; a single space between inline elements is kept). A
//   template with `<pre` or `<textarea` is left alone.

const TAGS = new Set(['html', 'css']);

/** The minified text of one static part; `state.tag`: inside a tag (html, across parts). */
function minifyPart(kind, raw, state) {
  if (kind == 'css')
    return raw
      .replace(/\/\*[^]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};,>]) ?/g, '$1')
      .replace(/: /g, ':')
      .replace(/\( /g, '(')
      .replace(/ \)/g, ')')
      .replace(/;}/g, '}')
      .replace(/\[([\w-]+)='([\w-]+)'\]/g, '[$1=$2]');
  let out = '';
  for (let i = 0; i < raw.length;) {
    const ws = /^\s+/.exec(raw.slice(i));
    if (ws) {
      const next = raw[i + ws[0].length];
      if (state.tag)
        out += next == '>' || (next == '/' && raw[i + ws[0].length + 1] == '>') ? '' : ' ';
      else out += ws[0].includes('\n') ? ' ' : ws[0];
      i += ws[0].length;
      continue;
    }
    const c = raw[i++];
    if (c == '<' && /[a-zA-Z/!]/.test(raw[i] ?? '')) state.tag = true;
    else if (c == '>') state.tag = false;
    out += c;
  }
  return out;
}

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

export function minifyTemplates({ include = /\/src\/.*\.ts$/ } = {}) {
  return {
    name: 'pubnet-minify-templates',
    transform(code, id) {
      if (!include.test(id) || !/\b(html|css)\s*`/.test(code)) return null;
      const edits = [];
      const visit = (node) => {
        if (!node || typeof node.type != 'string') return;
        if (
          node.type == 'TaggedTemplateExpression' &&
          node.tag.type == 'Identifier' &&
          TAGS.has(node.tag.name)
        ) {
          const parts = node.quasi.quasis;
          const whole = parts.map((q) => q.value.raw).join('');
          // (`css` stays a tagged template: Lit's `static styles` take its CSSResult.)
          if (!/<(pre|textarea)\b/i.test(whole)) {
            const state = { tag: false };
            for (const q of parts) {
              const raw = code.slice(q.start, q.end);
              if (raw !== q.value.raw) throw new Error(`${id}: unexpected template positions`);
              const min = minifyPart(node.tag.name, raw, state);
              if (min !== raw) edits.push([q.start, q.end, min]);
            }
          }
        }
        for (const key in node) {
          const child = node[key];
          if (Array.isArray(child)) child.forEach(visit);
          else if (child && typeof child == 'object') visit(child);
        }
      };
      visit(this.parse(code));
      if (!edits.length) return null;
      edits.sort((a, b) => a[0] - b[0]);
      return applyEdits(code, edits, id);
    },
  };
}
