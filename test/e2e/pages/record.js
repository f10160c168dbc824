// What a page's scripts asked of the network and said to the console, recorded by the page
// itself so that every engine can be asked the same way (WebKit's driver has no console and
// no network events): a `<script src="/record.js">` before any other script of the page.
//   fetches   every fetch() of the page: method, URL, the status it got, the proxy's
//             X-Pubnet-Status (api-contract §14) when there is one, or why it failed;
//             `pending` counts those not done: a fetch is done once it failed, or once
//             its caller read the body, and a `record-fetch` event on the document says so
//             in a task after that (the caller has done with the answer what it does in
//             the same task: its promise callbacks have run);
//   console   every console.error/warn/log/info/debug call of the page's scripts (the
//             browser's own lines, "Failed to load resource" say, are not scripts' calls:
//             the engine's console, where a driver reads it, has those);
//   resources the Resource Timing entries with their responseStatus, where the engine
//             gives one (read on demand: `__record.resources()`).
(() => {
  const record = { fetches: [], pending: 0, console: [] };
  window.__record = record;
  record.resources = () =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({ url: entry.name, status: entry.responseStatus ?? null }));

  for (const level of ['error', 'warn', 'log', 'info', 'debug']) {
    const own = console[level];
    console[level] = function (...data) {
      record.console.push({ level, text: data.map(String).join(' ') });
      return own.apply(this, data);
    };
  }

  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const entry = { method, url, status: null, outcome: null, read: false };
    record.fetches.push(entry);
    record.pending++;
    // Told in a task of its own: whatever the caller does with the answer in the meantime
    // (its promise callbacks: a cache filled, an element updated) has been done by then.
    const done = () =>
      setTimeout(() => {
        record.pending--;
        document.dispatchEvent(new Event('record-fetch'));
      });
    return fetch.call(this, input, init).then(
      (response) => {
        entry.status = response.status;
        entry.outcome = response.headers.get('x-pubnet-status');
        // Done once the caller has read the body (the widgets' client reads it as text).
        for (const name of ['text', 'json', 'arrayBuffer', 'blob']) {
          const own = response[name];
          response[name] = function () {
            return own.call(this).finally(() => {
              entry.read = true;
              done();
            });
          };
        }
        return response;
      },
      (error) => {
        entry.failed = String(error);
        done();
        throw error;
      },
    );
  };
})();
