import type { Plugin } from 'rollup';
import type { MinifyOptions } from 'terser';
export const ssrClientWithoutBuffer: Plugin;
export const litSsrStatic: Plugin;
export const LIT_NODE_CONDITIONS: string[];
export const EDGE_TERSER: MinifyOptions;
