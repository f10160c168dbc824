/**
 * Resolves once `element` is within `margin` of the viewport, so a widget
 * below the fold costs nothing until the reader scrolls towards it. Rejects
 * with the signal's reason when aborted (the element was disconnected).
 */
export function nearViewport(
  element: Element,
  signal: AbortSignal,
  margin = '300px',
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    if (typeof IntersectionObserver === 'undefined') return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          done();
          resolve();
        }
      },
      { rootMargin: margin },
    );
    const abort = () => {
      done();
      reject(signal.reason);
    };
    const done = () => {
      observer.disconnect();
      signal.removeEventListener('abort', abort);
    };
    signal.addEventListener('abort', abort, { once: true });
    observer.observe(element);
  });
}
