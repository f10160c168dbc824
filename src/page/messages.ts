/**
 * The words a widget shows or names things with, by language
 * (embed-contract "Language"). Keys are the primary language subtags.
 */
export interface Messages {
  /** The disclosure label. */
  disclosure: string;
  /** The call to action of a card or a placed offer. */
  cta: string;
  /** Said before a sale price (visually hidden). */
  now: string;
  /** Said before the price before the sale (visually hidden). */
  was: string;
}

export type MessageKey = keyof Messages;

/**
 * The words of each language: English has them all; the others fall back to it (lang.ts).
 * An element with words of its own adds them (`addMessages`, from its module), so that a
 * file without that element (the auto-linking file) carries none of them.
 */
export const MESSAGES: { en: Messages } & Record<string, Partial<Messages>> = {
  en: { disclosure: 'Ad', cta: 'Shop now', now: 'Now', was: 'Was' },
  pl: { disclosure: 'Reklama', cta: 'Do sklepu', now: 'Teraz', was: 'Wcześniej' },
  de: { disclosure: 'Anzeige', cta: 'Zum Shop', now: 'Jetzt', was: 'Vorher' },
  cs: { disclosure: 'Reklama', cta: 'Do obchodu', now: 'Nyní', was: 'Dříve' },
};

/**
 * Adds an element's own words, by language (English: all of them), to the table: its
 * words then follow the same precedence as the others (`Pubnet.configure({ messages })`
 * among them).
 */
export function addMessages(table: { en: object } & Record<string, object>): void {
  for (const [lang, words] of Object.entries(table))
    MESSAGES[lang] = { ...MESSAGES[lang], ...words };
}
