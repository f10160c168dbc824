/**
 * `pubnet-widgets/render`: the widgets' HTML rendered on a server or at the
 * edge with Lit SSR, from the same templates and styles as in the browser
 * (api-contract §11). Web-standard only: Node, Workers, Deno and Bun.
 */
export { renderAdslot, type AdslotRenderOptions } from './adslot.js';
export {
  renderProductGrid,
  PRODUCT_GRID_ATTRIBUTES,
  type ProductGridAttributes,
  type ProductGridRenderOptions,
} from './product-grid.js';
export {
  renderPriceComparison,
  PRICE_COMPARISON_ATTRIBUTES,
  type PriceComparisonAttributes,
  type PriceComparisonRenderOptions,
} from './price-comparison.js';
export {
  renderLoanOffers,
  LOAN_OFFERS_ATTRIBUTES,
  type LoanOffersAttributes,
  type LoanOffersRenderOptions,
} from './loan-offers.js';
export type { CommonAttributes } from './load.js';
export { renderTags, type RenderTagsOptions, type RenderedPage } from './page.js';
export type { RenderOptions } from './options.js';
export type { RenderedWidget } from './render-element.js';
export { stylesheetText, type StyledElementClass, type StylesOption } from './styles.js';
