// Counts the page's Content-Security-Policy violations (Trusted Types ones
// included) and shows them, with the policy the page was served with. A
// classic script loaded first in <head>, so it hears every violation. It uses
// only textContent and DOM methods: nothing it does can be a violation itself.
(() => {
  const violations = [];
  let count = null;
  let list = null;

  function render() {
    if (!count) return;
    count.textContent = String(violations.length);
    count.classList.toggle('good', violations.length === 0);
    count.classList.toggle('bad', violations.length > 0);
    list.replaceChildren(
      ...violations.map((text) => {
        const li = document.createElement('li');
        li.textContent = text;
        return li;
      }),
    );
  }

  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    violations.push(`${event.effectiveDirective}: ${event.blockedURI || 'inline'}${where}`);
    render();
  });

  async function showPolicy() {
    const policy = document.getElementById('policy');
    try {
      const response = await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
      const header = response.headers.get('content-security-policy');
      policy.textContent = header
        ? header.split(/;\s*/).join(';\n')
        : '(none: not served by the demo server?)';
    } catch (error) {
      policy.textContent = `could not read it (${error.message})`;
    }
  }

  document.addEventListener('DOMContentLoaded', () => {
    count = document.getElementById('violations');
    list = document.getElementById('violation-list');
    render();
    showPolicy();
  });
})();
