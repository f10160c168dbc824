import { defineElement } from '../shared/define.js';
import { PubnetAdslot } from './adslot.js';

defineElement('pubnet-adslot', PubnetAdslot);
