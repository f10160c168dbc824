/** Importing this defines every registered element (guarded: see base/define.ts). */
import { defineElement } from './base/define.js';
import { ELEMENTS } from './registry.js';

for (const { tag, element } of ELEMENTS) defineElement(tag, element);
