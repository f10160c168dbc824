/**
 * A container in the page for one test. Not `fixture()`: for a plain element
 * that waits for an animation frame, which a background tab (wtr runs files in
 * parallel tabs) may not give for a long time.
 */
export function host(...children: Node[]): HTMLDivElement {
  const div = document.createElement('div');
  div.append(...children);
  document.body.append(div);
  hosts.push(div);
  return div;
}

const hosts: HTMLElement[] = [];

afterEach(() => {
  for (const div of hosts.splice(0)) div.remove();
});

/** An inert script tag (never executed) with the given `data-*`, as the bundle's own would be. */
export function scriptTag(data: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = 'text/plain';
  Object.assign(script.dataset, data);
  return script;
}
