// Shows, under each offer link, where its link leads right now: the original
// href, then the tracking link once the element has it (or still the original
// one when it could not be had). Text only.
function show(element) {
  const output = document.querySelector(`output[data-for="${element.id}"]`);
  if (!output) return;
  // The publisher's own <a>, or the element's own anchor when there is none.
  const a = element.querySelector('a') ?? element.shadowRoot?.querySelector('a');
  const href = a?.getAttribute('href');
  const state = element.getAttribute('state') ?? 'loading';
  output.textContent = `${state}: ${href ? `href = ${href}` : 'no link yet'}`;
}

const links = [...document.querySelectorAll('pubnet-offer-link[id]')];
for (const type of ['pubnet-load', 'pubnet-error']) {
  document.addEventListener(type, (event) => {
    if (links.includes(event.target)) {
      // After Lit's update, so the element's own anchor has its href.
      const element = event.target;
      (element.updateComplete ?? Promise.resolve()).then(() => show(element));
    }
  });
}
// Custom elements upgrade once the async bundle runs; show the state before that too.
links.forEach(show);
customElements.whenDefined('pubnet-offer-link').then(() => links.forEach(show));
