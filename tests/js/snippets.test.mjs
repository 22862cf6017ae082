// Links and snippets: escaped HTML, URLs that read back to the same state.
import test from 'node:test';
import assert from 'node:assert/strict';
import { embedCode, embedUrl, elementSnippet, escapeHtml, iframeSnippet, playgroundUrl } from '../../www/lib/snippets.js';
import { parseStateString, readState } from '../../www/lib/figure-state.js';
import { installEngines } from '../../www/lib/engines.js';
import './wasm.mjs'; // the figure parameters' limits and the engine catalogue come from the module
import { FIG_5_2 } from '../fixtures/lessons.mjs';

installEngines();

const BASE = 'https://example.org/plyground/';
const state = (view, o) => readState(view, (k) => o[k] ?? null);

test('escapeHtml escapes the five characters', () => {
  assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
});

test('the element snippet: the tree inside, booleans bare, every value escaped', () => {
  const s = state('tree', { tree: FIG_5_2, algo: 'alphabeta', step: 'end', autoplay: 'true' });
  assert.equal(
    elementSnippet(s, BASE),
    '<script type="module" src="https://example.org/plyground/plyground-elements.js" blocking="render"></script>\n' +
      `<ply-tree algorithm="alphabeta" step="end" autoplay>${FIG_5_2}</ply-tree>`,
  );
  const hostile = state('tree', { tree: '</ply-tree><script>alert(1)</script>' });
  const html = elementSnippet(hostile, BASE, { script: false });
  assert.equal(html, '<ply-tree>&lt;/ply-tree&gt;&lt;script&gt;alert(1)&lt;/script&gt;</ply-tree>');
  const g = state('game', { game: 'c4', moves: '4453', o: 'hminimax,depth=4', scores: '' });
  assert.equal(elementSnippet(g, BASE, { script: false }), '<ply-game game="c4" moves="4453" x="human" o="hminimax,depth=4" scores></ply-game>');
  const u = state('ucb', { children: '1/2, "3/4"' });
  assert.equal(elementSnippet(u, BASE, { script: false }), '<ply-ucb children="1/2, &quot;3/4&quot;"></ply-ucb>');
});

test('the iframe snippet points at embed.html with the state in the fragment, & escaped', () => {
  const s = state('tree', { tree: FIG_5_2, step: '23' });
  const html = iframeSnippet(s, BASE, { title: 'Figure "5.2"' });
  assert.equal(
    html,
    `<iframe src="https://example.org/plyground/embed.html#view=tree&amp;tree=${FIG_5_2}&amp;step=23" title="Figure &quot;5.2&quot;" width="100%" height="620" loading="lazy"></iframe>\n` +
      '<script type="module" src="https://example.org/plyground/frame-size.js"></script>\n' +
      '<!-- The script (once per page) sizes the frame to its figure, which posts its height; where scripts are stripped, ' +
      'the frame keeps its 620 px (docs/embedding.md, "Sizing a frame"). -->',
  );
  // The URL reads back to the same state.
  const url = new URL(embedUrl(s, BASE));
  assert.deepEqual(parseStateString(url.hash), s);
  const code = embedCode(s, BASE, { title: 'Figure "5.2"' });
  assert.ok(code.includes(html));
  assert.ok(code.includes('<ply-tree step="23">'));
});

test('playground links name the view in the hash and round-trip', () => {
  const t = state('tree', { game: 'ttt', moves: '4', algo: 'minimax', step: '100' });
  const link = playgroundUrl(t, BASE);
  assert.equal(link, 'https://example.org/plyground/index.html#tree?game=ttt&moves=4&algo=minimax&step=100');
  const hash = new URL(link).hash;
  assert.deepEqual(parseStateString(hash.slice(hash.indexOf('?') + 1), 'tree'), t);
  const g = state('game', { game: 'c4', moves: '44' });
  assert.match(playgroundUrl(g, BASE), /index\.html#play\?game=c4&moves=44&x=human&o=hminimax$/);
  const m = state('mcts', { iterations: '5' });
  assert.match(playgroundUrl(m, BASE), /index\.html#mcts\?game=ttt&iterations=5$/);
  assert.throws(() => playgroundUrl(state('ucb', {}), BASE), /no ucb view/);
});
