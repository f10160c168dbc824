/**
 * Resolves once `element` is within 300 px of the viewport, so a widget
 * below the fold costs nothing until the reader scrolls towards it. Rejects
 * with the signal's reason when aborted (the element was disconnected).
 */
export const nearViewport = (element: Element, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    signal.throwIfAborted();
    // Resolves with `signal.reason`, which is `undefined` until it aborts.
    const done = (settle: (reason?: unknown) => void) => {
      observer.disconnect();
      settle(signal.reason);
    };
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && done(resolve as () => void),
      { rootMargin: '300px' },
    );
    signal.addEventListener('abort', () => done(reject));
    observer.observe(element);
  });
