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
  },
  {
    name: 'Smartphones',
    shop: 'electronics',
    gpc: 'Electronics > Communications > Telephony > Mobile Phones',
    brands: ['Samsung', 'Apple', 'Xiaomi', 'Motorola'],
    nouns: ['Smartphone 128 GB', 'Smartphone 256 GB', 'Smartphone 5G', 'Phone Lite'],
    price: [499, 6999],
    colors: COLORS.slice(0, 6),
  },
  {
    name: 'Televisions',
    shop: 'electronics',
    gpc: 'Electronics > Video > Televisions',
    brands: ['Samsung', 'LG', 'Sony', 'Philips'],
    nouns: ['55" 4K TV', '65" OLED TV', '43" Smart TV', '75" QLED TV'],
    price: [1299, 12999],
    colors: ['black', 'silver'],
  },
  {
    name: 'Cameras',
    shop: 'electronics',
    gpc: 'Cameras & Optics > Cameras > Digital Cameras',
    brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm'],
    nouns: ['Mirrorless Camera', 'DSLR Kit 18-55', 'Compact Camera', 'Vlogging Camera'],
    price: [899, 14999],
    colors: ['black', 'silver'],
  },
  {
    name: 'Game consoles',
    shop: 'electronics',
    gpc: 'Electronics > Video Game Consoles',
    brands: ['Sony', 'Microsoft', 'Nintendo'],
    nouns: ['Game Console', 'Console Bundle', 'Wireless Controller', 'Handheld Console'],
    price: [199, 3299],
    colors: ['black', 'white'],
  },
  {
    name: 'Laptops',
    shop: 'computers',
    gpc: 'Electronics > Computers > Laptops',
    brands: ['Lenovo', 'Dell', 'HP', 'Apple', 'Asus'],
    nouns: ['Ultrabook 14"', 'Gaming Laptop 15.6"', 'Business Laptop 13"', 'Laptop 16 GB RAM'],
    price: [1799, 11999],
    colors: ['silver', 'grey', 'black'],
  },
  {
    name: 'Smartwatches',
    shop: 'computers',
    gpc: 'Electronics > Electronics Accessories > Smartwatches',
    brands: ['Garmin', 'Apple', 'Samsung', 'Huawei'],
    nouns: ['Smartwatch', 'GPS Running Watch', 'Fitness Band', 'Smartwatch LTE'],
    price: [149, 3999],
    colors: COLORS.slice(0, 5),
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
  },
  {
    name: 'Vacuum cleaners',
    shop: 'home',
    gpc: 'Home & Garden > Household Appliances > Vacuums',
    brands: ['Dyson', 'Philips', 'Xiaomi', 'Bosch'],
    nouns: ['Cordless Vacuum', 'Robot Vacuum', 'Bagless Vacuum', 'Handheld Vacuum'],
    price: [199, 3499],
    colors: ['grey', 'white', 'black', 'blue'],
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
  },
];
