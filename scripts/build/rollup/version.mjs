// A rollup plugin for every build of src/: stamps the package's version where the
// source says `__PUBNET_VERSION__`.
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
);

export const replaceVersion = {
  name: 'pubnet-version',
  transform(code) {
    return code.includes('__PUBNET_VERSION__')
      ? { code: code.replaceAll('__PUBNET_VERSION__', version), map: null }
      : null;
  },
};
