// Shows each ad slot's `widget_code` as the API gives it (through the proxy,
// with the public website key only), as text, beside what was pasted.
for (const code of document.querySelectorAll('code.widget-code')) {
  const { api, adslot } = code.dataset;
  const url = new URL(`publisher/adslots/${encodeURIComponent(adslot)}/`, api);
  fetch(url, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const slot = await response.json();
      code.textContent = `<!-- ${slot.title} (${slot.type}) -->\n${slot.widget_code}`;
    })
    .catch((error) => {
      code.textContent = `no answer (${error.message})`;
    });
}
