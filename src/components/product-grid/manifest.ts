import { manifest } from '../manifest.js';
import { PubnetProductGrid } from './product-grid.js';

export default manifest({
  tag: 'pubnet-product-grid',
  element: PubnetProductGrid,
  render: { route: 'product-grid/' },
});
