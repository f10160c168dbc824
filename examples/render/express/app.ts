// A tiny Express site whose pages carry server-rendered ad slots and product grids, with the
// middleware of ./pubnet-render.ts. server.ts runs it; test/render/express.test.ts starts it in
// front of a real proxy and emulator.
import { randomBytes } from 'node:crypto';
import express, { type Express } from 'express';
import { pubnetRender } from './pubnet-render.js';

export interface AppOptions {
  /** The proxy as this server reaches it (renders). */
  api: string;
  /** The proxy as browsers reach it (the CDN script's `data-api`). */
  publicApi: string;
  /** The website guid. */
  key: string;
  /** The ad slot the home page shows. */
  adslot: string;
  /**
   * Serve pages with a strict CSP that allows styles only with a per-answer nonce; the
   * rendered shadow roots then carry it (`styles: { nonce }`).
   */
  nonce?: boolean;
  /** Told about each tag left to the browser (default: a console warning). */
  onSkip?: (tag: string, reason: string) => void;
}

const CDN = 'https://cdn.example/pubnet-widgets@1/pubnet.min.js';

export function createApp(options: AppOptions): Express {
  const { api, key, nonce } = options;
  const app = express();
  if (nonce)
    app.use((_req, res, next) => {
      res.locals.nonce = randomBytes(16).toString('base64');
      res.setHeader(
        'Content-Security-Policy',
        `default-src 'self'; img-src https: http:; script-src 'nonce-${res.locals.nonce}'; ` +
          `style-src 'nonce-${res.locals.nonce}'; connect-src ${new URL(options.publicApi).origin}`,
      );
      next();
    });
  app.use(
    pubnetRender({
      api,
      key,
      styles: nonce ? (_req, res) => ({ nonce: res.locals.nonce as string }) : 'inline',
      onSkip:
        options.onSkip ?? ((tag, reason) => console.warn(`${tag} left to the browser: ${reason}`)),
    }),
  );
  app.get('/', (_req, res) => {
    res.type('html').send(homePage(options, res.locals.nonce as string | undefined));
  });
  return app;
}

/** The page as the site writes it: plain tags, the CDN script, and a fallback for the slot. */
function homePage({ publicApi, key, adslot }: AppOptions, nonce?: string): string {
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Deals</title>
<script async src="${CDN}" data-api="${attr(publicApi)}" data-key="${attr(key)}"${
    nonce ? ` nonce="${nonce}"` : ''
  }></script>
</head>
<body>
<h1>This week's deals</h1>
<pubnet-adslot adslot="${attr(adslot)}" id="deals" class="sidebar"><p slot="fallback">See <a href="/shop/">our shop</a>.</p></pubnet-adslot>
<h2>Headphones</h2>
<pubnet-product-grid query="headphones" brand="Sony|Bose" limit="4" columns="4"></pubnet-product-grid>
</body>
</html>
`;
}
