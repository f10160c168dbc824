// Under each fault case: what the widget ended up doing, and when. Text only.
const started = performance.now();

const outcomes = {
  ready: 'shows its content',
  fallback: 'shows its fallback',
  collapsed: 'collapsed to nothing',
  error: 'kept the original link',
};

async function show(element, event) {
  const output = document.querySelector(`output[data-for="${element.id}"]`);
  if (!output) return;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // The `state` attribute is reflected on the element's next update.
  await element.updateComplete;
  const state = element.getAttribute('state');
  const why = event.type === 'pubnet-error' ? String(event.detail.error?.message ?? 'error') : '';
  output.textContent = `${event.type} after ${seconds} s: ${outcomes[state] ?? state}`;
  // The whole error is in the log below; a glance is enough here.
  output.title = why;
  // Every case here is meant to fail, gracefully.
  output.classList.add(state === 'ready' ? 'bad' : 'good');
}

for (const type of ['pubnet-load', 'pubnet-error']) {
  document.addEventListener(type, (event) => {
    const element = event.target;
    if (element.id) show(element, event);
  });
}
