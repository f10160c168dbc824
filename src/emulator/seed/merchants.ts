/**
 * The advertisers behind the seeded offers: name, merchant domain, main
 * offer category, currency and whether it has a product feed. The first five
 * are the well-known ones (see known.ts).
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
  ['TravelWing', 'travelwing.example', 'travel', 'EUR', false],
  ['FlyHigh', 'flyhigh.example', 'travel', 'USD', false],
  ['QuickLoan', 'quickloan.example', 'finance', 'PLN', false],
  ['CashNow', 'cashnow.example', 'finance', 'PLN', false],
  ['PaydayPal', 'paydaypal.example', 'finance', 'PLN', false],
  ['SafeCredit', 'safecredit.example', 'finance', 'EUR', false],
  ['GlowBeauty', 'glowbeauty.example', 'health', 'PLN', false],
  ['PharmaPlus', 'pharmaplus.example', 'health', 'PLN', false],
  ['FreshBox', 'freshbox.example', 'food', 'PLN', false],
  ['WineCellar', 'winecellar.example', 'food', 'EUR', false],
  ['AutoParts24', 'autoparts24.example', 'automotive', 'PLN', false],
  ['TyreKing', 'tyreking.example', 'automotive', 'EUR', false],
  ['GardenJoy', 'gardenjoy.example', 'home', 'PLN', false],
  ['PetCorner', 'petcorner.example', 'home', 'PLN', false],
  ['BabyStep', 'babystep.example', 'toys', 'PLN', false],
  ['OutdoorLife', 'outdoorlife.example', 'sports', 'EUR', false],
  ['RunFast', 'runfast.example', 'sports', 'PLN', false],
  ['CityBikes', 'citybikes.example', 'sports', 'PLN', false],
  ['GameVault', 'gamevault.example', 'electronics', 'USD', false],
  ['PhoneHub', 'phonehub.example', 'electronics', 'PLN', false],
  ['SmartHome Direct', 'smarthomedirect.example', 'electronics', 'EUR', false],
  ['FurniCo', 'furnico.example', 'home', 'PLN', false],
  ['LightUp', 'lightup.example', 'home', 'PLN', false],
  ['EduCourses', 'educourses.example', 'books', 'USD', false],
  ['StreamPlus', 'streamplus.example', 'books', 'PLN', false],
  ['InsureMe', 'insureme.example', 'finance', 'PLN', false],
  ['HotelHop', 'hotelhop.example', 'travel', 'EUR', false],
  ['CarRent', 'carrent.example', 'travel', 'EUR', false],
  ['JewelBox', 'jewelbox.example', 'fashion', 'PLN', false],
  ['ShoeSpot', 'shoespot.example', 'fashion', 'PLN', false],
  ['WatchTime', 'watchtime.example', 'fashion', 'EUR', false],
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
