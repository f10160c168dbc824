// custom-elements.json as tools read it, without the indentation `cem analyze` writes (a
// third of its bytes): run after it (`npm run build`). Every installation of the package
// carries the file; no person reads it, editors and the docs' element reference do.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../../custom-elements.json', import.meta.url);
writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))) + '\n');
