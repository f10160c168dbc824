import { parseAdslotConfig } from '../../client/adslot-config.js';
import { ADSLOT_DEFAULT_LIMIT } from '../../client/product-search.js';
import { adslotGet } from '../../client/routes/adslots.js';
import type { Adslot } from '../../client/types.js';
import { manifest } from '../manifest.js';
import { cardsRoom } from '../product-card/room.js';
import { PubnetAdslot } from './adslot.js';

export default manifest({
  tag: 'pubnet-adslot',
  element: PubnetAdslot,
  render: {
    route: 'adslots/{adslot}/',
    query: ['key', 'sid'],
    // `key` and `sid` let the proxy compose what the slot shows (api-contract §10).
    check({ adslot, key, sid }) {
      if (!/^[\w-]{1,64}$/.test(adslot ?? ''))
        throw new TypeError('pubnet-widgets/render: adslot must be an ad slot id');
      if (key !== undefined && !/^[\w-]{1,64}$/.test(key))
        throw new TypeError('pubnet-widgets/render: key must be a website guid');
      if (sid !== undefined && !/^[\w-]{1,32}$/.test(sid))
        throw new TypeError('pubnet-widgets/render: sid must be A-Z a-z 0-9 _ -, at most 32');
    },
    request: (slot, core, signal) =>
      core.request(adslotGet, {
        params: { uuid: slot.adslot! },
        query: { key: slot.websiteKey ?? slot.key, sid: slot.sid },
        signal,
      }),
    // A filter slot's cards; a manual slot's canvas is as large as its placed widgets.
    room(slot, answer) {
      const { type, config } = answer as Adslot;
      if (type == 'manual') return undefined;
      const view = parseAdslotConfig(config);
      return cardsRoom(
        { ...view, limit: view.limit ?? ADSLOT_DEFAULT_LIMIT },
        slot.disclosure ?? view.disclosure,
      );
    },
  },
  wordpress: { shortcode: 'pubnet_adslot', block: 'adslot' },
});
