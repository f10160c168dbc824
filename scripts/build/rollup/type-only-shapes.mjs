// A rollup plugin for the CDN files: the route table's `res: shape<T>()` and `body: shape<T>()`
// (src/client/routes/) carry types only, their value is `undefined` (route-def.ts); a
// browser has no use for them, so the CDN files leave them out.
import { editModule } from './edits.mjs';

const ROUTES = /[\\/]src[\\/]client[\\/]routes[\\/][^\\/]+\.ts$/;

export function typeOnlyShapes() {
  return {
    name: 'pubnet-type-only-shapes',
    transform(code, id) {
      if (!ROUTES.test(id)) return null;
      return editModule(
        code,
        id,
        (source) => this.parse(source),
        (node, edits) => {
          if (node.type != 'ObjectExpression') return;
          node.properties.forEach((property, i, properties) => {
            const { value } = property;
            if (
              property.type == 'Property' &&
              value?.type == 'CallExpression' &&
              value.callee.type == 'Identifier' &&
              value.callee.name == 'shape' &&
              !value.arguments.length
            ) {
              // The property and the comma after it.
              const comma = /^\s*,/.exec(code.slice(property.end));
              edits.push([
                property.start,
                properties[i + 1]?.start ?? property.end + (comma ? comma[0].length : 0),
                '',
              ]);
            }
          });
        },
      );
    },
  };
}
