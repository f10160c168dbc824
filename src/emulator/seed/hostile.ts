/**
 * Products with hostile content, so the components can prove they stay safe:
 * markup in text fields, `javascript:` links and image URLs, a `data:` image,
 * and a price that is not in the "PLN 19.22" form.
 */
import { known } from '../known.js';
import type { OfferRec, ProductRec } from '../state.js';

export const HOSTILE_FEED = 'feed-hostile';

const SVG_WITH_SCRIPT =
  'data:image/svg+xml;base64,' +
  btoa('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type Hostile = Partial<ProductRec> & Pick<ProductRec, 'title'>;

const rows: Hostile[] = [
  {
    title: '<img src=x onerror=alert(1)>Wireless Headphones',
    brand: '<script>alert("brand")</script>',
    description: 'Great sound <img src=x onerror=alert(2)> and <b>bold</b> claims.',
    fixed: { link: 'javascript:alert(document.cookie)' },
    direct_link: 'javascript:alert(2)',
  },
  {
    title: '"><script>alert("title")</script> Speaker',
    brand: 'Sony" onmouseover="alert(1)',
    description: '<iframe src="javascript:alert(3)"></iframe>',
    fixed: {
      images: {
        thumb_43: 'javascript:alert(43)',
        thumb_180: 'javascript:alert(180)',
        default: 'javascript:alert(600)',
      },
      image_link: 'javascript:alert(4)',
    },
  },
  {
    title: 'Data image product',
    brand: 'Acme',
    description: '{{constructor.constructor("alert(5)")()}}',
    fixed: {
      images: { thumb_43: SVG_WITH_SCRIPT, thumb_180: SVG_WITH_SCRIPT, default: SVG_WITH_SCRIPT },
      image_link: 'data:text/html,<script>alert(6)</script>',
      additional_image_link: SVG_WITH_SCRIPT,
    },
  },
  {
    title: '<a href="javascript:alert(7)">Click me</a>',
    brand: '<style>body{display:none}</style>',
    description: null,
    price: 'PLN <b>9.99</b>',
    sale_price: 'free!!!',
    fixed: { link: ' JaVaScRiPt:alert(8)' },
    direct_link: 'vbscript:msgbox(1)',
    mobile_link: 'javascript:alert(9)',
  },
  {
    title: null,
    brand: null,
    description: '<svg onload=alert(10)>',
    price: null,
    fixed: { link: null, images: null, image_link: null },
    direct_link: null,
  },
  {
    title: '\u202eReversed text \u0000 with control chars',
    brand: '&lt;escaped&gt; &amp; entities',
    description: 'x'.repeat(5000),
    fixed: { link: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxMSk8L3NjcmlwdD4=' },
  },
];

export function seedHostileProducts(shop: OfferRec): ProductRec[] {
  return rows.map((row, i) => ({
    id: known.hostileProductIds[i] ?? `px${i}`,
    description: null,
    price: `${shop.currency} 19.22`,
    sale_price: null,
    sale_price_effective_date: null,
    discount: null,
    offer: shop.title,
    offer_id: shop.id,
    brand: null,
    category: 'Test data',
    google_product_category: null,
    product_type: null,
    color: null,
    size: null,
    gender: null,
    age_group: null,
    // One shared gtin, so a price comparison can be pointed at exactly these products.
    gtin: known.hostileGtin,
    mpn: null,
    updated_at: '2024-11-01T10:00:00Z',
    is_cpc: false,
    cpc_rate: null,
    offer_display_url: `www.${shop.domain}`,
    direct_link: `https://www.${shop.domain}/p/hostile-${i}`,
    mobile_link: null,
    feed_id: HOSTILE_FEED,
    currency: shop.currency,
    status: 'in_stock',
    ...row,
  }));
}
