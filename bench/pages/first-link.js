// Injected after recorder.js into server-rendered.html and its client-rendered
// twin (server-rendered.mjs): records when the first product link
// (`a[data-i][href]` in a widget's shadow root) exists, and when the CDN
// script has defined the slot. The page calls
// `__checkFirstLink()` right after the element, when the parser has just made
// it (a declarative shadow root is there by then); later links, rendered by
// the bundle, are seen by observing the widgets' shadow roots.
(() => {
  const bench = window.__bench;
  // Injected as the document is created: when there is a document to parse into.
  bench.documentAt = performance.now();
  const widgets = 'pubnet-adslot, pubnet-product-grid';
  const options = { childList: true, subtree: true };
  const watched = new WeakSet();
  const check = () => {
    if (bench.firstLink !== undefined) return true;
    for (const el of document.querySelectorAll(widgets)) {
      if (el.shadowRoot?.querySelector('a[data-i][href]')) {
        bench.firstLink = performance.now();
        observer.disconnect();
        return true;
      }
      // A root the bundle attached (client-rendered): its links come later.
      if (el.shadowRoot && !watched.has(el.shadowRoot)) {
        watched.add(el.shadowRoot);
        observer.observe(el.shadowRoot, options);
      }
    }
    return false;
  };
  const observer = new MutationObserver(check);
  observer.observe(document, options);
  window.__checkFirstLink = check;
  for (const tag of widgets.split(', ')) customElements.whenDefined(tag).then(check);
  // The bundle has run up to defining the slot: `whenDefined` resolves before
  // the upgraded elements' first updates, which it queued after.
  customElements.whenDefined('pubnet-adslot').then(() => (bench.defined = performance.now()));
})();
