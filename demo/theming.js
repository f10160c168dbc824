// The page's own light/dark switch: "auto" follows the system, "light" and
// "dark" set `data-scheme` on <html>, which sets `color-scheme` (demo.css); the
// widgets follow through the light-dark() custom properties of theming.css.
// A classic script in <head>, so the chosen scheme applies before first paint.
(() => {
  const KEY = 'pubnet-demo-scheme';
  const root = document.documentElement;
  const read = () => {
    try {
      return localStorage.getItem(KEY) ?? 'auto';
    } catch {
      return 'auto';
    }
  };
  const apply = (scheme) => {
    if (scheme === 'light' || scheme === 'dark') root.dataset.scheme = scheme;
    else delete root.dataset.scheme;
  };
  apply(read());

  document.addEventListener('DOMContentLoaded', () => {
    const radios = document.querySelectorAll('input[name="scheme"]');
    for (const radio of radios) {
      radio.checked = radio.value === read();
      radio.addEventListener('change', () => {
        apply(radio.value);
        try {
          localStorage.setItem(KEY, radio.value);
        } catch {
          // Storage refused (private mode): the choice lasts for this page view.
        }
      });
    }
  });
})();
