// Compiled by package.test.ts: a page's script where the CDN file is loaded by a
// <script> tag, typed by the package's declarations of the CDN scripts.
import type {} from 'pubnet-widgets/cdn/pubnet.min.js';
import type { PubnetGlobal } from 'pubnet-widgets/cdn/pubnet-autolink.min.js';

const pubnet: PubnetGlobal | undefined = window.Pubnet;
pubnet?.configure({ api: 'https://publisher.example/pubnet-api/', key: 'guid' });
window.Pubnet?.autolink?.consent(true);
export const version: string | undefined = window.Pubnet?.version;
