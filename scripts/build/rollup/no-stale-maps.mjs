// Rollup plugins for the builds without source maps: they remove the source maps an
// earlier build wrote beside their files, now built without one.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** For a build of modules (`output.dir`). */
export const noStaleMaps = {
  name: 'pubnet-no-stale-maps',
  writeBundle(options, bundle) {
    for (const fileName of Object.keys(bundle))
      if (fileName.endsWith('.js')) rmSync(join(options.dir, `${fileName}.map`), { force: true });
  },
};
