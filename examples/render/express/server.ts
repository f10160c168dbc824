// Runs ./app.ts:
//
//   PUBNET_API=http://127.0.0.1:8788/ PUBNET_PUBLIC_API=https://publisher.example/pubnet-api/ \
//   PUBNET_KEY=<website guid> PUBNET_ADSLOT=<ad slot id> node --import tsx server.ts
//
// PUBNET_API is the proxy (examples/proxy/, or `npx pubnet-proxy`) as this server reaches it;
// PUBNET_PUBLIC_API the same proxy as browsers reach it. PORT defaults to 3000; NONCE=1 serves
// the pages with a strict nonce CSP.
import { createApp } from './app.js';

const env = (name: string) => process.env[name]?.trim() || undefined;
const required = (name: string) => {
  const value = env(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const api = required('PUBNET_API');
const port = Number(env('PORT') ?? 3000);
createApp({
  api,
  publicApi: env('PUBNET_PUBLIC_API') ?? api,
  key: required('PUBNET_KEY'),
  adslot: required('PUBNET_ADSLOT'),
  nonce: env('NONCE') == '1',
}).listen(port, () => console.log(`http://localhost:${port}/`));
