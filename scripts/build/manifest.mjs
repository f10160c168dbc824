// Plugins for @custom-elements-manifest/analyzer, used by custom-elements-manifest.config.mjs.
// They teach it the two conventions of src/components/ it cannot know:
// - an element's tag and class are in its manifest (src/components/<name>/manifest.ts),
//   defined from the registry by the guarded `defineElement` (src/components/base/define.ts),
//   not by `customElements.define()`;
// - attribute names are given by converter helpers, `minPrice: num('min-price', 1)`,
//   not only by `{ attribute: 'min-price' }`.

/**
 * Turns an element's `manifest({ tag: 'pubnet-x', element: PubnetX, … })`
 * (src/components/<name>/manifest.ts) into a custom-element definition.
 */
export function defineElementCalls() {
  return {
    name: 'pubnet-define-element-calls',
    analyzePhase({ ts, node, moduleDoc, context }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
      if (node.expression.text !== 'manifest') return;
      const [entry] = node.arguments;
      if (!entry || !ts.isObjectLiteralExpression(entry)) return;
      const field = (name) =>
        entry.properties.find(
          (property) => ts.isPropertyAssignment(property) && property.name.getText() === name,
        )?.initializer;
      const tag = field('tag');
      const klass = field('element');
      if (!tag || !ts.isStringLiteral(tag) || !klass || !ts.isIdentifier(klass)) return;
      const imported = context.imports?.find((entry) => entry.name === klass.text);
      const module = imported
        ? new URL(imported.importPath, `file:///${moduleDoc.path}`).pathname
            .slice(1)
            .replace(/\.js$/, '.ts')
        : moduleDoc.path;
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []),
        {
          kind: 'custom-element-definition',
          name: tag.text,
          declaration: { name: klass.text, module },
        },
      ];
    },
  };
}

/**
 * In `static properties = { minPrice: num('min-price', 1) }`, a property whose
 * declaration is a call with a string first argument has that attribute name.
 * Runs on the class node after the Lit plugin has listed the attributes, and
 * before inheritance is applied, so subclasses get the corrected names.
 */
export function attributeHelpers() {
  return {
    name: 'pubnet-attribute-helpers',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const declaration = moduleDoc.declarations?.find((d) => d.name === node.name.text);
      const properties = node.members.find(
        (member) =>
          ts.isPropertyDeclaration(member) &&
          member.name.getText() === 'properties' &&
          member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword),
      );
      const object = properties?.initializer;
      if (!declaration || !object || !ts.isObjectLiteralExpression(object)) return;
      for (const property of object.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const call = property.initializer;
        const first = ts.isCallExpression(call) ? call.arguments[0] : undefined;
        if (!first || !ts.isStringLiteral(first)) continue;
        const field = property.name.getText();
        for (const attribute of declaration.attributes ?? []) {
          if (attribute.fieldName === field) attribute.name = first.text;
        }
        for (const member of declaration.members ?? []) {
          if (member.name === field && member.attribute) member.attribute = first.text;
        }
      }
    },
  };
}

/** Leaves private, protected and `#private` members out of the manifest. */
export function publicOnly() {
  return {
    name: 'pubnet-public-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        for (const declaration of mod.declarations ?? []) {
          if (!declaration.members) continue;
          declaration.members = declaration.members.filter(
            (member) =>
              member.privacy !== 'private' &&
              member.privacy !== 'protected' &&
              !member.name.startsWith('#'),
          );
        }
      }
    },
  };
}

/**
 * The manifest names the files the package ships (issue 24): every module
 * `path` and every reference's `module` (declarations, exports, superclasses,
 * `inheritedFrom`) becomes the npm build's `dist/….js` instead of `src/….ts`,
 * which is not in the package. Runs last, after the other plugins' links.
 */
export function distPaths() {
  const toDist = (path) => path.replace(/^\/?src\/(.*)\.[jt]s$/, 'dist/$1.js');
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object')
      for (const [key, field] of Object.entries(value)) {
        if ((key === 'path' || key === 'module') && typeof field === 'string')
          value[key] = toDist(field);
        else visit(field);
      }
  };
  return {
    name: 'pubnet-dist-paths',
    packageLinkPhase({ customElementsManifest }) {
      visit(customElementsManifest.modules);
    },
  };
}
