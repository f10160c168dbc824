// Rollup's `onwarn` for every build of rollup.config.mjs: a warning fails the build. A
// newcomer's `npm start` and `npm run build` then print none (issue 45: three source-map
// warnings had become the console's noise), and one that comes back stops `npm run build`,
// which `npm test` runs before any test, instead of scrolling by.

/**
 * Fails the build on any warning but those `allowed`: by code, each with why the build lives
 * with it. An allowed warning is not printed.
 */
export const noWarnings =
  (allowed = {}) =>
  (warning) => {
    if (Object.hasOwn(allowed, warning.code)) return;
    // The warning's own fields (code, plugin, id, loc…) are kept: rollup prints them.
    throw Object.assign(new Error(), warning, {
      message:
        `${warning.message}\n` +
        'rollup.config.mjs fails the build on any warning: fix its cause, or allow its code ' +
        "in that build's noWarnings({ CODE: 'why' }).",
    });
  };
