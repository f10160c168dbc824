import type { Plugin } from 'rollup';
export const ssrClientWithoutBuffer: Plugin;
export const LIT_NODE_CONDITIONS: string[];
