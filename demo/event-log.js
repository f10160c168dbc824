// Logs the widgets' events into the page's `<ol class="log">`. A classic
// script loaded before the bundle, so it hears the very first event. The
// events bubble and are composed, so one listener on the document hears them
// all; `event.target` is the widget element. Text only: no HTML is parsed.
(() => {
  const started = performance.now();
  const pending = [];
  const impressions = new Map();
  let log = null;

  /** `#id`, or the tag and its main attribute. */
  function name(el) {
    if (el.id) return `#${el.id}`;
    const main = ['adslot', 'offer', 'query', 'gtin', 'mpn']
      .map((attribute) => el.getAttribute(attribute))
      .find((value) => value !== null);
    return main ? `${el.localName} ${main.slice(0, 8)}…` : el.localName;
  }

  function describe(event) {
    const { detail } = event;
    switch (event.type) {
      case 'pubnet-load':
        return `${detail.count} shown`;
      case 'pubnet-error':
        return String(detail.error?.message ?? detail.error);
      case 'pubnet-click':
        return detail.href;
      default:
        return '';
    }
  }

  function add(entry) {
    if (!log) return void pending.push(entry);
    log.append(entry);
    log.scrollTop = log.scrollHeight;
  }

  function line(event) {
    const li = document.createElement('li');
    li.className = event.type.slice('pubnet-'.length);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    li.textContent = `${seconds} s  ${name(event.target)}  ${event.type}  ${describe(event)}`;
    return li;
  }

  for (const type of ['pubnet-load', 'pubnet-error', 'pubnet-click']) {
    document.addEventListener(type, (event) => add(line(event)));
  }
  // Impressions come one per item: one line per widget, counting them.
  document.addEventListener('pubnet-impression', (event) => {
    let entry = impressions.get(event.target);
    if (!entry) {
      entry = { li: line(event), count: 0, text: '' };
      entry.text = entry.li.textContent;
      impressions.set(event.target, entry);
      add(entry.li);
    }
    entry.count += 1;
    entry.li.textContent = `${entry.text}× ${entry.count}`;
  });

  function attach() {
    log = document.querySelector('ol.log');
    if (log) log.append(...pending.splice(0));
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', attach);
  else attach();
})();
