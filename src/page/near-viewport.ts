/**
 * Whether an element is near the viewport (within 300 px): the widgets and auto-linking
 * wait for it before they load.
 */
/**
 * Resolves once `element` is within 300 px of the viewport. Rejects with the
 * signal's reason when aborted (the element was disconnected).
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

/**
 * Whether `element` is rendered within 300 px of the viewport now: one layout
 * read, so that a widget in view starts before the first frame (the first
 * IntersectionObserver callback comes only after it).
 */
export const nearNow = (element: Element) => {
  // None when it is not rendered (`display: none`).
  const [box] = element.getClientRects();
  return (
    !!box &&
    box.top < innerHeight + 300 &&
    box.bottom > -300 &&
    box.left < innerWidth + 300 &&
    box.right > -300
  );
};
