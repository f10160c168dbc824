/**
 * The advertisers behind the seeded offers: name, merchant domain, main
 * offer category, currency and whether it has a product feed. The first five
 * are the well-known ones (see known.ts). The shops after the first thirteen are
 * Polish, named as a Polish blogger writes them, for the in-text links' lexicon
 * (api-contract §15): names that inflect ("w Kaktusie", "z Sówki", "w Media
 * Raju"), one common word ("Kawa"), one title with markup and one long title
 * (neither is a name: their domain is), some paused or closed (no entry).
 * Only names and domains differ from the rows they replaced: each row draws
 * from the PRNG as before, so no other seeded value moved.
 */
export interface Merchant {
  name: string;
  domain: string;
  category: string;
  currency: string;
  products: boolean;
}

const rows: [string, string, string, string, boolean][] = [
  ['MediaPoint', 'mediapoint.example', 'electronics', 'PLN', true],
  ['TechNova', 'technova.example', 'computers', 'PLN', true],
  ['SportZone', 'sportzone.example', 'sports', 'PLN', true],
  ['HomeCraft', 'homecraft.example', 'home', 'PLN', true],
  ['Old Gadgets', 'oldgadgets.example', 'electronics', 'PLN', false],
  ['StyleHub', 'stylehub.example', 'fashion', 'EUR', true],
  ['ToyPlanet', 'toyplanet.example', 'toys', 'PLN', true],
  ['FitGear', 'fitgear.example', 'sports', 'EUR', true],
  ['KitchenPro', 'kitchenpro.example', 'home', 'PLN', true],
  ['ByteShop', 'byteshop.example', 'computers', 'USD', true],
  ['AudioMax', 'audiomax.example', 'electronics', 'PLN', true],
  ['CameraWorld', 'cameraworld.example', 'electronics', 'EUR', true],
  ['BookNook', 'booknook.example', 'books', 'PLN', false],
  ['Wędrowiec', 'wedrowiec.pl', 'travel', 'EUR', false],
  ['Jaskółka', 'jaskolka.pl', 'travel', 'USD', false],
  ['Szybka Kasa', 'szybkakasa.pl', 'finance', 'PLN', false],
  ['Portfelik', 'portfelik.pl', 'finance', 'PLN', false],
  ['Pożyczka Plus', 'pozyczkaplus.pl', 'finance', 'PLN', false],
  [
    'Kredytownia – pożyczki i kredyty online bez wychodzenia z domu',
    'kredytownia.pl',
    'finance',
    'EUR',
    false,
  ],
  ['<b>Róża</b> kosmetyki naturalne', 'roza-kosmetyki.pl', 'health', 'PLN', false],
  ['Apteczka', 'apteczka.pl', 'health', 'PLN', false],
  ['Kawa', 'kawa24.pl', 'food', 'PLN', false],
  ['Winnica pod Dębem', 'winnicapoddebem.pl', 'food', 'EUR', false],
  ['Motoczęści', 'motoczesci.pl', 'automotive', 'PLN', false],
  ['Król Opon', 'krolopon.pl', 'automotive', 'EUR', false],
  ['Ogródek', 'ogrodek.pl', 'home', 'PLN', false],
  ['Psiakość', 'psiakosc.pl', 'home', 'PLN', false],
  ['Bobas', 'bobas.pl', 'toys', 'PLN', false],
  ['Na Szlaku', 'naszlaku.pl', 'sports', 'EUR', false],
  ['Biegacz', 'biegacz.pl', 'sports', 'PLN', false],
  ['Rowerownia', 'rowerownia.pl', 'sports', 'PLN', false],
  ['Media Raj', 'mediaraj.pl', 'electronics', 'USD', false],
  ['Komórkowo', 'komorkowo.pl', 'electronics', 'PLN', false],
  ['Mądry Dom', 'madrydom.pl', 'electronics', 'EUR', false],
  ['Kaktus', 'kaktus.pl', 'home', 'PLN', false],
  ['Żarówka', 'zarowka.pl', 'home', 'PLN', false],
  ['Korepetytor', 'korepetytor.pl', 'books', 'USD', false],
  ['Sówka', 'sowka.pl', 'books', 'PLN', false],
  ['Polisowo', 'polisowo.pl', 'finance', 'PLN', false],
  ['Nocleżka', 'noclezka.pl', 'travel', 'EUR', false],
  ['Autko', 'autko.pl', 'travel', 'EUR', false],
  ['Szkatułka', 'szkatulka.pl', 'fashion', 'PLN', false],
  ['Pantofelek', 'pantofelek.pl', 'fashion', 'PLN', false],
  ['Zegarmistrz', 'zegarmistrz.pl', 'fashion', 'EUR', false],
];

export const MERCHANTS: readonly Merchant[] = rows.map(
  ([name, domain, category, currency, products]) => ({
    name,
    domain,
    category,
    currency,
    products,
  }),
);
