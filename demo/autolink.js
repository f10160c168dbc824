// The page's own consent banner (data-consent="manual") and, under the article, where each
// of its links leads right now. Text only.
const state = document.getElementById('consent-state');
for (const [id, allowed] of [
  ['consent-yes', true],
  ['consent-no', false],
]) {
  document.getElementById(id).addEventListener('click', () => {
    window.Pubnet?.autolink?.consent(allowed);
    state.textContent = allowed
      ? 'Yes: links to merchants become tracking links when you point at them.'
      : 'No: links stay as written.';
  });
}

const list = document.querySelector('.hrefs');
function show() {
  list.replaceChildren(
    ...[...document.querySelectorAll('article a')].map((a) => {
      const li = document.createElement('li');
      li.textContent = `${a.textContent}: ${a.getAttribute('href')}`;
      return li;
    }),
  );
}
show();
new MutationObserver(show).observe(document.querySelector('article'), {
  subtree: true,
  attributes: true,
  attributeFilter: ['href'],
});
