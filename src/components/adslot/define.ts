import { defineElement } from '../base/define.js';
import { PubnetAdslot } from './adslot.js';

defineElement('pubnet-adslot', PubnetAdslot);
