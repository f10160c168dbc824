// Shows that the CDN bundle loaded and that the API behind it answers.
const bundle = document.getElementById('bundle');
const answer = document.getElementById('answer');
const api = document.getElementById('api').textContent;
const key = document.getElementById('key').textContent;

bundle.textContent = window.Pubnet ? `pubnet-widgets ${window.Pubnet.version}` : 'not loaded';

try {
  // The black-friday page is public: it needs the website key, not the API token.
  const response = await fetch(new URL(`publisher/black-friday/${encodeURIComponent(key)}`, api));
  const page = await response.json();
  answer.textContent = response.ok ? `${response.status}: ${page.title}` : `${response.status}`;
} catch (error) {
  answer.textContent = `no answer (${error.message})`;
}
