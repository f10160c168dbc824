import { defineElement } from '../base/define.js';
import { PubnetOfferLink } from './offer-link.js';

defineElement('pubnet-offer-link', PubnetOfferLink);
