/**
 * The lenders of the payday-loans page (api-contract §9, "Payday-loans page"). Fixed
 * data, no PRNG draws: nothing else in the seed shifts. The terms (amounts, periods,
 * flags, ages, rating) are `known.loans.offers`, so a widget test reads them without the
 * seed; this file adds each lender's texts: `title`, `promotion` and its representative
 * example (`loan_simulation`, Polish, as consumer-credit advertising shows it).
 *
 * Every entry gets its `logo` (`/images/loan-<domain>.svg`) and its `tracking_link` (a
 * click URL attributed to the website of the token, landing on the lender's site) when
 * answered (handlers/promo.ts), unless `fixed` says otherwise: the hostile or incomplete
 * entries carry a `javascript:` logo or link, a `null` logo, markup in their texts, and
 * fields missing or `null`.
 */
import { known } from '../known.js';
import type { LoanRec } from '../state.js';

type Texts = Pick<LoanRec, 'title' | 'promotion' | 'loan_simulation' | 'fixed'>;

/** Where a click on a lender's tracking link lands (the lender's own site). */
export const lenderUrl = (domain: string): string => `https://${domain}/`;

const texts: Record<(typeof known.loans.domains)[number], Texts> = {
  'gotowka24.example': {
    title: 'Gotówka24',
    promotion: 'Pierwsza pożyczka do 1000 zł za 0 zł',
    loan_simulation:
      'Przykład reprezentatywny dla pierwszej pożyczki: całkowita kwota pożyczki 1000 zł, ' +
      'okres spłaty 21 dni, oprocentowanie nominalne 0%, całkowity koszt pożyczki 0 zł, ' +
      'całkowita kwota do zapłaty 1000 zł, RRSO 0%. Kalkulacja na dzień 15.11.2024 r.',
  },
  'ratyrodzinne.example': {
    title: 'Raty Rodzinne',
    promotion: 'Decyzja w 15 minut, pieniądze nawet tego samego dnia',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota kredytu 10 000 zł, umowa na 36 miesięcy, ' +
      '36 równych rat po 429,56 zł, oprocentowanie stałe 18,5% w skali roku, prowizja 1800 zł ' +
      '(kredytowana), całkowity koszt kredytu 5464,16 zł, całkowita kwota do zapłaty ' +
      '15 464,16 zł, RRSO 35,70%. Kalkulacja na dzień 15.11.2024 r.',
  },
  'pozyczkaplus.example': {
    title: 'Pożyczka Plus',
    promotion: '',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota pożyczki 1500 zł, okres spłaty 30 dni, ' +
      'oprocentowanie 0% w skali roku, prowizja 0 zł, całkowity koszt pożyczki 0 zł, całkowita ' +
      'kwota do zapłaty 1500 zł, RRSO 0%. Oferta dla nowych klientów.',
  },
  'chwilowkaexpress.example': {
    title: 'Chwilówka Express',
    promotion: 'Przelew w 15 minut, także w weekendy',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota pożyczki 500 zł, czas obowiązywania umowy ' +
      '30 dni, stopa oprocentowania 0%, opłaty 0 zł, całkowita kwota do zapłaty 500 zł, ' +
      'RRSO 0%. Dotyczy pierwszej pożyczki zawartej przez internet.',
  },
  'kasanaraty.example': {
    title: 'Kasa na Raty',
    promotion: 'Pierwsza rata dopiero za 60 dni',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota pożyczki 5000 zł, okres spłaty 24 miesiące, ' +
      '24 miesięczne raty po 295,98 zł, oprocentowanie stałe 18,5% rocznie, prowizja 900 zł, ' +
      'całkowity koszt pożyczki 2103,52 zł, całkowita kwota do zapłaty 7103,52 zł, ' +
      'RRSO 42,96%.',
  },
  'kasateraz.example': {
    title: 'Kasa Teraz',
    promotion: 'Pierwsza pożyczka do 3000 zł za darmo',
    loan_simulation:
      'Przykład reprezentatywny: Całkowita kwota pożyczki 3000 zł, okres spłaty 30 dni, ' +
      'oprocentowanie nominalne 0%, prowizja 0 zł, całkowity koszt pożyczki 0 zł, całkowita ' +
      'kwota do zapłaty 3000 zł, RRSO 0%. Kolejne pożyczki są płatne zgodnie z tabelą opłat.',
  },
  'ratalnamax.example': {
    title: 'Ratalna Max',
    promotion: 'Do 25 000 zł na dowolny cel, spłata nawet w 48 ratach',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota kredytu 20 000 zł, 48 miesięcznych rat po ' +
      '699,43 zł, oprocentowanie stałe 18,5% w skali roku, prowizja 3600 zł, całkowity koszt ' +
      'kredytu 13 572,64 zł, całkowita kwota do zapłaty 33 572,64 zł, RRSO 32,16%. ' +
      'Przyznanie kredytu zależy od oceny zdolności kredytowej.',
  },
  'mikrokasa.example': {
    title: 'Mikrokasa',
    promotion: '',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota pożyczki 1500 zł, okres spłaty 61 dni, ' +
      'oprocentowanie 18,5% w skali roku (odsetki 46,38 zł), prowizja 450 zł, całkowity ' +
      'koszt pożyczki 496,38 zł, całkowita kwota do zapłaty 1996,38 zł, RRSO 453,19%.',
  },
  'kredytok.example': {
    title: 'KredytOK',
    promotion: 'Bez sprawdzania BIK i bez zaświadczeń o dochodach',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota pożyczki 3000 zł, umowa na 12 miesięcy, ' +
      '12 rat po 317,12 zł, oprocentowanie stałe 18,5% rocznie, prowizja 450 zł, całkowity ' +
      'koszt 805,44 zł, całkowita kwota do zapłaty 3805,44 zł, RRSO 57,59%.',
  },
  'zaliczkaonline.example': {
    title: 'Zaliczka Online',
    promotion: 'Przedłużenie spłaty o 30 dni jednym kliknięciem',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota pożyczki 2000 zł, okres spłaty 30 dni, ' +
      'oprocentowanie nominalne 18,5% w skali roku (odsetki 30,41 zł), prowizja 300 zł, ' +
      'całkowity koszt pożyczki 330,41 zł, całkowita kwota do zapłaty 2330,41 zł, ' +
      'RRSO 542,54%.',
  },
  'domowybudzet.example': {
    title: 'Domowy Budżet',
    promotion: 'Bez prowizji przy pierwszym kredycie',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota kredytu 15 000 zł, okres kredytowania ' +
      '48 miesięcy, 48 rat po 398,70 zł, oprocentowanie stałe 12,5% w skali roku, prowizja ' +
      '0 zł, całkowity koszt kredytu 4137,60 zł, całkowita kwota do zapłaty 19 137,60 zł, ' +
      'RRSO 13,24%. Wymagane zaświadczenie o dochodach.',
  },
  'ratybezstresu.example': {
    title: 'Raty bez Stresu',
    promotion: '',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota pożyczki 8000 zł, okres spłaty 24 miesiące, ' +
      'miesięczna rata 481,59 zł, oprocentowanie stałe 18,5% w skali roku, prowizja 1600 zł, ' +
      'całkowity koszt pożyczki 3558,16 zł, całkowita kwota do zapłaty 11 558,16 zł, ' +
      'RRSO 45,60%.',
  },
  // The hostile or incomplete entries (known.loans.hostile).
  'xss-pozyczka.example': {
    title: '<img src=x onerror=alert(1)>Pożyczka <b>XSS</b>',
    promotion: '<script>alert("promo")</script>Darmowa pożyczka!',
    loan_simulation:
      '<p onclick="alert(1)">Przykład reprezentatywny: <b>RRSO 0%</b>, ' +
      '<a href="javascript:alert(2)">całkowita kwota</a> 1000 zł</p>',
    fixed: { logo: 'javascript:alert(1)' },
  },
  'pulapka.example': {
    title: 'Pożyczka "></a><script>alert(2)</script>',
    promotion: '<a href="javascript:alert(3)">Kliknij</a> po bonus',
    loan_simulation:
      'Przykład reprezentatywny: całkowita kwota pożyczki 2500 zł, okres spłaty 45 dni, ' +
      'prowizja 500 zł, odsetki 57,02 zł, całkowita kwota do zapłaty 3057,02 zł, ' +
      'RRSO 411,18% & więcej <script>alert(4)</script>.',
    fixed: { tracking_link: 'javascript:alert(document.cookie)' },
  },
  'niepelna.example': {
    title: 'Pożyczka bez szczegółów',
    promotion: null,
    fixed: { logo: null },
  },
};

/** The page's entries, in `known.loans.domains` order. */
export function seedLoans(): LoanRec[] {
  return known.loans.offers.map((terms) => {
    const { title, promotion, loan_simulation, fixed } = texts[terms.domain];
    const rec: LoanRec = { title, ...terms };
    // Missing stays missing (the incomplete entry has no `loan_simulation`).
    if (promotion !== undefined) rec.promotion = promotion;
    if (loan_simulation !== undefined) rec.loan_simulation = loan_simulation;
    if (fixed) rec.fixed = { ...fixed };
    return rec;
  });
}
