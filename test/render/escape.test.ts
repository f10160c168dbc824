// A server-rendered element's start tag ends at its first `>`: attribute
// values (data-answer is JSON of hostile feed text) have every `>` escaped,
// so text filters that work tag by tag (WordPress's wptexturize under a block
// theme) see the whole tag as a tag and leave its quotes alone (issue 23).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderAdslot, renderProductGrid } from '../../src/render/index.js';
import { known, startStack } from '../proxy/support/stack.js';

const key = known.website.guid;
const stack = await startStack({ websites: [key] });

/** The start tag as a tag-wise filter sees it: up to the first `>`. */
const firstTag = (html: string) => html.slice(0, html.indexOf('>') + 1);

test('no > inside a rendered start tag, whatever the answer holds', async () => {
  const widgets = await Promise.all([
    renderAdslot({ adslot: known.hostileAdslot, key, api: stack.proxy }),
    renderProductGrid({ query: 'headphones', limit: '4', key }, { api: stack.proxy }),
  ]);
  for (const widget of widgets) {
    assert.equal(widget.state, 'ready');
    const answer = widget.attributes['data-answer'];
    assert.ok(answer?.includes('>'), 'the answer holds a > (HTML in the feed, or JSON)');
    const tag = firstTag(widget.html);
    // The whole start tag, data-answer and all, then the shadow root.
    assert.ok(tag.includes(' data-answer="'), tag.slice(0, 120));
    assert.ok(widget.html.slice(tag.length).startsWith('<template'), widget.tag);
  }
});
