/** What the product feed sells: categories, with plausible brands and names. */
export interface CatalogCategory {
  name: string;
  /** The offer category of the shops that sell it. */
  shop: string;
  gpc: string;
  brands: string[];
  nouns: string[];
  /** Price range in the shop's currency. */
  price: [number, number];
  colors: string[];
  sizes?: string[];
  gendered?: boolean;
  ageGroup?: string;
  /** The same category in a Polish shop's feed (see polish.ts). */
  pl: PolishNames;
}

/**
 * Polish names, index for index with the English ones, so a Polish feed picks
 * the same way (same PRNG draws) and only the words change. `brands` replaces
 * some brands with Polish ones (Kross, Romet, Zelmer, Trefl, 4F).
 */
export interface PolishNames {
  name: string;
  nouns: string[];
  brands?: string[];
}

const COLORS = ['black', 'white', 'silver', 'blue', 'red', 'green', 'grey', 'beige'];

export const CATALOG: readonly CatalogCategory[] = [
  {
    name: 'Headphones',
    shop: 'electronics',
    gpc: 'Electronics > Audio > Audio Components > Headphones & Headsets',
    brands: ['Sony', 'Bose', 'JBL', 'Sennheiser'],
    nouns: [
      'Wireless Headphones',
      'Noise Cancelling Headphones',
      'True Wireless Earbuds',
      'Sport Earphones',
    ],
    price: [59, 1899],
    colors: COLORS.slice(0, 4),
    pl: {
      name: 'Słuchawki',
      nouns: [
        'Słuchawki bezprzewodowe',
        'Słuchawki z aktywną redukcją szumów',
        'Słuchawki douszne TWS',
        'Słuchawki sportowe',
      ],
    },
  },
  {
    name: 'Smartphones',
    shop: 'electronics',
    gpc: 'Electronics > Communications > Telephony > Mobile Phones',
    brands: ['Samsung', 'Apple', 'Xiaomi', 'Motorola'],
    nouns: ['Smartphone 128 GB', 'Smartphone 256 GB', 'Smartphone 5G', 'Phone Lite'],
    price: [499, 6999],
    colors: COLORS.slice(0, 6),
    pl: {
      name: 'Smartfony',
      nouns: ['Smartfon 128 GB', 'Smartfon 256 GB', 'Smartfon 5G', 'Telefon komórkowy Lite'],
    },
  },
  {
    name: 'Televisions',
    shop: 'electronics',
    gpc: 'Electronics > Video > Televisions',
    brands: ['Samsung', 'LG', 'Sony', 'Philips'],
    nouns: ['55" 4K TV', '65" OLED TV', '43" Smart TV', '75" QLED TV'],
    price: [1299, 12999],
    colors: ['black', 'silver'],
    pl: {
      name: 'Telewizory',
      nouns: [
        'Telewizor 55" 4K',
        'Telewizor OLED 65"',
        'Telewizor Smart TV 43"',
        'Telewizor QLED 75"',
      ],
    },
  },
  {
    name: 'Cameras',
    shop: 'electronics',
    gpc: 'Cameras & Optics > Cameras > Digital Cameras',
    brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm'],
    nouns: ['Mirrorless Camera', 'DSLR Kit 18-55', 'Compact Camera', 'Vlogging Camera'],
    price: [899, 14999],
    colors: ['black', 'silver'],
    pl: {
      name: 'Aparaty fotograficzne',
      nouns: [
        'Aparat bezlusterkowy',
        'Lustrzanka z obiektywem 18-55',
        'Aparat kompaktowy',
        'Aparat do vlogowania',
      ],
    },
  },
  {
    name: 'Game consoles',
    shop: 'electronics',
    gpc: 'Electronics > Video Game Consoles',
    brands: ['Sony', 'Microsoft', 'Nintendo'],
    nouns: ['Game Console', 'Console Bundle', 'Wireless Controller', 'Handheld Console'],
    price: [199, 3299],
    colors: ['black', 'white'],
    pl: {
      name: 'Konsole do gier',
      nouns: [
        'Konsola do gier',
        'Zestaw z konsolą i grą',
        'Kontroler bezprzewodowy',
        'Konsola przenośna',
      ],
    },
  },
  {
    name: 'Laptops',
    shop: 'computers',
    gpc: 'Electronics > Computers > Laptops',
    brands: ['Lenovo', 'Dell', 'HP', 'Apple', 'Asus'],
    nouns: ['Ultrabook 14"', 'Gaming Laptop 15.6"', 'Business Laptop 13"', 'Laptop 16 GB RAM'],
    price: [1799, 11999],
    colors: ['silver', 'grey', 'black'],
    pl: {
      name: 'Laptopy',
      nouns: [
        'Ultrabook 14"',
        'Laptop dla graczy 15,6"',
        'Laptop biznesowy 13"',
        'Laptop 16 GB RAM',
      ],
    },
  },
  {
    name: 'Smartwatches',
    shop: 'computers',
    gpc: 'Electronics > Electronics Accessories > Smartwatches',
    brands: ['Garmin', 'Apple', 'Samsung', 'Huawei'],
    nouns: ['Smartwatch', 'GPS Running Watch', 'Fitness Band', 'Smartwatch LTE'],
    price: [149, 3999],
    colors: COLORS.slice(0, 5),
    pl: {
      name: 'Smartwatche',
      nouns: ['Smartwatch', 'Zegarek biegowy z GPS', 'Opaska sportowa', 'Smartwatch z LTE'],
    },
  },
  {
    name: 'Running shoes',
    shop: 'sports',
    gpc: 'Apparel & Accessories > Shoes > Athletic Shoes',
    brands: ['Nike', 'Adidas', 'Asics', 'New Balance'],
    nouns: ['Running Shoes', 'Trail Running Shoes', 'Racing Flats', 'Cushioned Trainers'],
    price: [199, 899],
    colors: COLORS,
    sizes: ['38', '39', '40', '41', '42', '43', '44', '45', '46'],
    gendered: true,
    pl: {
      name: 'Buty do biegania',
      nouns: [
        'Buty do biegania',
        'Buty do biegania w terenie',
        'Lekkie buty startowe',
        'Buty treningowe z amortyzacją',
      ],
    },
  },
  {
    name: 'Bikes',
    shop: 'sports',
    gpc: 'Sporting Goods > Outdoor Recreation > Cycling > Bicycles',
    brands: ['Kross', 'Trek', 'Giant', 'Cube'],
    nouns: ['Mountain Bike 29"', 'City Bike', 'Gravel Bike', 'E-bike'],
    price: [1199, 15999],
    colors: COLORS.slice(0, 6),
    sizes: ['S', 'M', 'L', 'XL'],
    pl: {
      name: 'Rowery',
      nouns: ['Rower górski 29"', 'Rower miejski', 'Rower gravelowy', 'Rower elektryczny'],
      brands: ['Kross', 'Romet', 'Giant', 'Cube'],
    },
  },
  {
    name: 'Coffee machines',
    shop: 'home',
    gpc: 'Home & Garden > Kitchen & Dining > Kitchen Appliances > Coffee Makers & Espresso Machines',
    brands: ['DeLonghi', 'Philips', 'Krups', 'Siemens'],
    nouns: [
      'Espresso Machine',
      'Bean-to-Cup Coffee Machine',
      'Capsule Coffee Maker',
      'Drip Coffee Maker',
    ],
    price: [249, 5999],
    colors: ['black', 'silver', 'white', 'red'],
    pl: {
      name: 'Ekspresy do kawy',
      nouns: [
        'Ekspres ciśnieniowy',
        'Ekspres automatyczny do kawy ziarnistej',
        'Ekspres na kapsułki',
        'Ekspres przelewowy',
      ],
      brands: ['DeLonghi', 'Philips', 'Zelmer', 'Siemens'],
    },
  },
  {
    name: 'Vacuum cleaners',
    shop: 'home',
    gpc: 'Home & Garden > Household Appliances > Vacuums',
    brands: ['Dyson', 'Philips', 'Xiaomi', 'Bosch'],
    nouns: ['Cordless Vacuum', 'Robot Vacuum', 'Bagless Vacuum', 'Handheld Vacuum'],
    price: [199, 3499],
    colors: ['grey', 'white', 'black', 'blue'],
    pl: {
      name: 'Odkurzacze',
      nouns: [
        'Odkurzacz bezprzewodowy',
        'Robot sprzątający',
        'Odkurzacz bezworkowy',
        'Odkurzacz ręczny',
      ],
      brands: ['Dyson', 'Zelmer', 'Xiaomi', 'Bosch'],
    },
  },
  {
    name: 'Jackets',
    shop: 'fashion',
    gpc: 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets',
    brands: ['The North Face', 'Columbia', 'Helly Hansen', 'Patagonia'],
    nouns: ['Rain Jacket', 'Down Jacket', 'Softshell Jacket', 'Fleece Jacket'],
    price: [79, 699],
    colors: COLORS,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    gendered: true,
    pl: {
      name: 'Kurtki',
      nouns: ['Kurtka przeciwdeszczowa', 'Kurtka puchowa', 'Kurtka softshell', 'Kurtka polarowa'],
      brands: ['4F', 'Columbia', 'Helly Hansen', 'Patagonia'],
    },
  },
  {
    name: 'Toys',
    shop: 'toys',
    gpc: 'Toys & Games > Toys > Building Toys',
    brands: ['Lego', 'Hasbro', 'Mattel', 'Playmobil'],
    nouns: ['Building Set', 'Board Game', 'Action Figure', 'Creative Kit'],
    price: [29, 1499],
    colors: ['red', 'blue', 'green'],
    ageGroup: 'kids',
    pl: {
      name: 'Zabawki',
      nouns: ['Zestaw klocków', 'Gra planszowa', 'Figurka akcji', 'Zestaw kreatywny'],
      brands: ['Lego', 'Trefl', 'Mattel', 'Playmobil'],
    },
  },
];
