// The product grid page: every control sets (or removes) one attribute of the
// grid, and the code block shows the element as HTML. Text only: the code is
// written with textContent, attribute values escaped as in HTML source.
const grid = document.getElementById('grid');
const form = document.getElementById('controls');
const code = document.getElementById('grid-code');

/** The attributes the controls set, in the order the code shows them. */
const names = [
  'query',
  'brand',
  'category',
  'min-price',
  'max-price',
  'sale',
  'ordering',
  'limit',
  'columns',
  'layout',
];

const field = (name) => form.elements.namedItem(name);
const quote = (value) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]);

// What comes before the element in the code block (stylesheet and script tags) stays as written.
const before = code.textContent.slice(0, code.textContent.indexOf('<pubnet-product-grid'));

function showCode() {
  const lines = names
    .filter((name) => grid.hasAttribute(name))
    .map((name) => {
      const value = grid.getAttribute(name);
      return value === '' ? `  ${name}` : `  ${name}="${quote(value)}"`;
    });
  const element = lines.length
    ? `<pubnet-product-grid\n${lines.join('\n')}\n></pubnet-product-grid>`
    : '<pubnet-product-grid></pubnet-product-grid>';
  code.textContent = before + element;
}

/** The form shows the element's attributes. */
function fromGrid() {
  for (const name of names) {
    const input = field(name);
    if (input.type === 'checkbox') input.checked = grid.hasAttribute(name);
    else input.value = grid.getAttribute(name) ?? '';
  }
}

/** One control changed: its attribute follows. */
function toGrid(input) {
  if (!names.includes(input.name)) return;
  if (input.type === 'checkbox') grid.toggleAttribute(input.name, input.checked);
  else if (input.value.trim() === '') grid.removeAttribute(input.name);
  else grid.setAttribute(input.name, input.value.trim());
  showCode();
}

form.addEventListener('input', (event) => toGrid(event.target));
form.addEventListener('change', (event) => toGrid(event.target));
form.addEventListener('submit', (event) => event.preventDefault());
fromGrid();
showCode();
