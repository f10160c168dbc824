import { manifest } from '../manifest.js';
import { PubnetAdslot } from './adslot.js';

export default manifest({
  tag: 'pubnet-adslot',
  element: PubnetAdslot,
  render: { route: 'adslots/{adslot}/', query: ['key', 'sid'] },
});
