/**
 * The light and dark pages the widgets are tried on (embed-contract guarantee 7), and the
 * WCAG 2 contrast of what they show: for the contract suite's accessibility checks
 * (contract/a11y.test.ts) and the element-specific ones (a11y.test.ts).
 */
import { prefersColorScheme } from '../../support/engine.js';

/** The channels of a computed colour (`rgb()` or `rgba()`), alpha last (1 when absent). */
function channels(colour: string): number[] {
  const [r, g, b, a = 1] = colour.match(/[\d.]+/g)!.map(Number);
  return [r, g, b, a];
}

/** WCAG 2 relative luminance of an opaque computed colour. */
function luminance(colour: string): number {
  const [r, g, b] = channels(colour)
    .slice(0, 3)
    .map((c) => c / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two opaque computed colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * What an element's text sits on: the first opaque background from it up
 * through its ancestors (crossing shadow roots to their hosts), or the
 * page's canvas (white unless the test page says otherwise).
 */
function backdrop(element: Element): string {
  for (let el: Element | null = element; el;) {
    const background = getComputedStyle(el).backgroundColor;
    if (channels(background)[3] == 1) return background;
    el = el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host || null);
  }
  return 'rgb(255, 255, 255)';
}

/** The contrast of `element`'s text with what it sits on. */
export const textContrast = (element: Element) =>
  contrast(getComputedStyle(element).color, backdrop(element));

/** A page the widgets are tried on. */
export interface Page {
  readonly name: string;
  /** The page's `color-scheme`. */
  readonly scheme: '' | 'light dark';
  /** The reader's `prefers-color-scheme`. */
  readonly prefers: 'light' | 'dark';
  /** Whether the widgets are dark on it. */
  readonly dark: boolean;
  /** Whether the page's own background is dark. */
  readonly darkBackground: boolean;
}

/** The pages the widgets are tried on. */
export const PAGES: readonly Page[] = [
  {
    name: 'a light page (no color-scheme)',
    scheme: '',
    prefers: 'light',
    dark: false,
    darkBackground: false,
  },
  {
    name: 'a light page, the reader prefers dark',
    scheme: '',
    prefers: 'dark',
    dark: false,
    darkBackground: false,
  },
  {
    name: 'a light-dark page, the reader prefers light',
    scheme: 'light dark',
    prefers: 'light',
    dark: false,
    darkBackground: false,
  },
  {
    name: 'a dark page (light dark, the reader prefers dark)',
    scheme: 'light dark',
    prefers: 'dark',
    dark: true,
    darkBackground: true,
  },
  // A dark page that never says so: the widgets stay light, the label keeps its contrast.
  {
    name: 'a dark page that declares no color-scheme',
    scheme: '',
    prefers: 'dark',
    dark: false,
    darkBackground: true,
  },
];

/** The test page becomes `page` (its scheme, the reader's preference, its background). */
export async function showPage({ scheme, prefers, darkBackground }: Page): Promise<void> {
  document.documentElement.style.colorScheme = scheme;
  if (darkBackground) {
    document.body.style.background = '#121212';
    document.body.style.color = '#e8eaed';
  }
  await prefersColorScheme(prefers);
}

/** A dark page styles its own links (an offer link's text is the page's). */
export function styleOwnLinks(root: ParentNode): void {
  for (const a of root.querySelectorAll<HTMLElement>('a')) a.style.color = '#8ab4f8';
}

/** The test page as it was: light, no scheme, the reader preferring light. */
export async function resetPage(): Promise<void> {
  document.documentElement.style.colorScheme = '';
  document.body.style.background = '';
  document.body.style.color = '';
  await prefersColorScheme('light');
}
