// A rollup plugin for the npm and edge builds: hono is a devDependency, so a module of
// theirs that imports it would fail in every consumer's install. That is a build error,
// not an external (only the emulator build, which bundles hono, may import it).

export const noHono = {
  name: 'pubnet-no-hono',
  resolveId(id, importer) {
    if (/^hono(\/|$)/.test(id)) {
      this.error(`${importer} imports ${id}: only the emulator build (which bundles it) may`);
    }
    return null;
  },
};
