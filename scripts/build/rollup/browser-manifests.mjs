// A rollup plugin for the CDN file: each element's manifest (src/components/<name>/manifest.ts)
// keeps there only what a reader's browser uses, its `tag` and `element`. What only a server,
// the proxy or the WordPress build reads (its `/render/` route and request, its WordPress
// names) stays in the npm build, and costs the CDN file nothing.
import { editModule } from './edits.mjs';

const MANIFEST = /[\\/]src[\\/]components[\\/][^\\/]+[\\/]manifest\.ts$/;
const BROWSER = new Set(['tag', 'element']);

export function browserManifests() {
  return {
    name: 'pubnet-browser-manifests',
    transform(code, id) {
      if (!MANIFEST.test(id)) return null;
      return editModule(
        code,
        id,
        (source) => this.parse(source),
        (node, edits) => {
          if (
            node.type != 'CallExpression' ||
            node.callee.type != 'Identifier' ||
            node.callee.name != 'manifest' ||
            node.arguments[0]?.type != 'ObjectExpression'
          )
            return false;
          const object = node.arguments[0];
          const { properties } = object;
          for (const [i, property] of properties.entries()) {
            if (property.type == 'Property' && BROWSER.has(property.key.name)) continue;
            // The property and the comma after it (the last one: up to the closing brace).
            const end = properties[i + 1]?.start ?? object.end - 1;
            edits.push([property.start, end, '']);
          }
          return true;
        },
      );
    },
  };
}
