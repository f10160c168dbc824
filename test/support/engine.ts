/**
 * What a browser test asks of the engine it runs in, through the server
 * commands of test/support/launchers.mjs (each engine its own way), resolving
 * once the page itself sees the change: waited for on events, never on time.
 */
import { executeServerCommand } from '@web/test-runner-commands';

/**
 * The reader prefers `scheme` (`prefers-color-scheme`) from now on in this
 * page: resolves once the page's media query says so.
 */
export async function prefersColorScheme(scheme: 'light' | 'dark'): Promise<void> {
  const dark = matchMedia('(prefers-color-scheme: dark)');
  await executeServerCommand('pubnet-color-scheme', { scheme });
  while (dark.matches != (scheme == 'dark'))
    await new Promise((changed) => dark.addEventListener('change', changed, { once: true }));
}

/**
 * This page's window is the one the reader types in (the focused one), as
 * it is whenever a reader presses a key: resolves once the page has the focus.
 */
export async function focusWindow(): Promise<void> {
  await executeServerCommand('pubnet-focus-window');
  while (!document.hasFocus())
    await new Promise((focused) => addEventListener('focus', focused, { once: true }));
}
