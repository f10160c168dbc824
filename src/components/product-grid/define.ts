import { defineElement } from '../base/define.js';
import { PubnetProductGrid } from './product-grid.js';

defineElement('pubnet-product-grid', PubnetProductGrid);
