// The lexicon's punycode decoding (web platform only, so it runs on every runtime), held to
// Node's own `domainToUnicode` for the hosts a Polish shop, or anyone else, may have.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { domainToASCII, domainToUnicode } from 'node:url';
import { unicodeHost } from '../../../src/proxy/lexicon/punycode.js';

test('each xn-- label as Node decodes it; ASCII labels as they are', () => {
  const hosts = [
    'sówka.pl',
    'żabka.pl',
    'zażółć-gęślą.jaźń.pl',
    'www.łódź.pl',
    'bücher.example',
    'ü-ü.de',
    'a-b-ß.com',
    '例え.テスト',
    '😀.example',
    'kaktus.pl',
    'xn--a.pl',
  ];
  for (const host of hosts) {
    const ascii = domainToASCII(host) || host;
    assert.equal(unicodeHost(ascii), domainToUnicode(ascii) || ascii, ascii);
  }
  assert.equal(unicodeHost('www.xn--swka-qqa.pl'), 'www.sówka.pl');
});

test('a label that is no punycode stays as it is', () => {
  for (const label of ['xn--', 'xn--a-', 'xn--!!', 'xn--99999999999999999999'])
    assert.equal(unicodeHost(`${label}.pl`), `${label}.pl`, label);
});
