// A rollup plugin for the builds that need no declarations (the CDN files, the edge files):
// each TypeScript module compiled alone, with tsconfig.json's options, as
// `typescript.transpileModule` does. tsconfig.json has `isolatedModules` and
// `verbatimModuleSyntax`, so a module's JavaScript never depends on another's types, and this
// is the output @rollup/plugin-typescript gives, without the type-checked program that plugin
// builds for each build: the npm build's program checks all of src/ once (with its
// declarations), and `npm test`'s types step checks src/ and test/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** tsconfig.json's compiler options, as TypeScript reads them. */
function compilerOptions(tsconfig) {
  const { config, error } = ts.readConfigFile(tsconfig, (path) => readFileSync(path, 'utf8'));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.convertCompilerOptionsFromJson(config.compilerOptions, '.').options;
}

/**
 * `sourceMap`: a map per module for rollup to chain (with the sources inside where
 * `inlineSources`). Every `.ts` module is compiled, with tsconfig.json's options (the
 * build runs at the repository's root).
 */
export function transpile({ sourceMap = false, inlineSources = false } = {}) {
  // Where files are written is rollup's business: rootDir and outDir would only be checked.
  const { rootDir: _rootDir, outDir: _outDir, ...read } = compilerOptions('./tsconfig.json');
  const options = {
    ...read,
    declaration: false,
    sourceMap,
    inlineSources,
    inlineSourceMap: false,
  };
  return {
    name: 'pubnet-transpile',
    // `./x.js` in a TypeScript module is `./x.ts` beside it, as TypeScript resolves it.
    resolveId(source, importer) {
      if (!importer?.endsWith('.ts') || !source.startsWith('.') || !source.endsWith('.js'))
        return null;
      const path = resolve(dirname(importer), `${source.slice(0, -3)}.ts`);
      return existsSync(path) ? path : null;
    },
    transform(code, id) {
      if (!id.endsWith('.ts') || id.endsWith('.d.ts')) return null;
      const { outputText, sourceMapText, diagnostics } = ts.transpileModule(code, {
        compilerOptions: options,
        fileName: id,
        reportDiagnostics: true,
      });
      if (diagnostics?.length)
        this.error(
          diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'),
        );
      return {
        code: outputText.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n'),
        map: sourceMapText ? JSON.parse(sourceMapText) : { mappings: '' },
      };
    },
  };
}
