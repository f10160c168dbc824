import { manifest } from '../manifest.js';
import { PubnetOfferLink } from './offer-link.js';

export default manifest({
  tag: 'pubnet-offer-link',
  element: PubnetOfferLink,
  wordpress: { shortcode: 'pubnet_offer_link', block: 'offer-link' },
});
