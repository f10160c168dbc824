/**
 * The attributes a server renders an element with: those the element observes, but the
 * ones only the browser has (`eager`), its language (the render's own option) and its
 * state (what the render writes).
 */
const BROWSER_ONLY = ['eager', 'lang', 'state'];

export const serverAttributes = (element: { readonly observedAttributes: string[] }) =>
  element.observedAttributes.filter((name) => !BROWSER_ONLY.includes(name));
