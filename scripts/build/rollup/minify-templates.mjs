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

import { editModule } from './edits.mjs';

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

export function minifyTemplates({ include = /\/src\/.*\.ts$/ } = {}) {
  return {
    name: 'pubnet-minify-templates',
    transform(code, id) {
      if (!include.test(id) || !/\b(html|css)\s*`/.test(code)) return null;
      return editModule(
        code,
        id,
        (source) => this.parse(source),
        (node, edits) => {
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
        },
      );
    },
  };
}
