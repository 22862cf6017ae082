// Loads plyground's elements from another origin (the URL in ?elements=, checked to be a local
// test server's), then writes two figures: a tree (the module and stylesheet over CORS) and a
// game with values (its worker started through a same-origin blob).
const src = new URLSearchParams(location.search).get('elements') ?? '';
if (!/^http:\/\/(127\.0\.0\.1|localhost):\d+\/plyground-elements\.js$/.test(src)) {
  throw new Error(`cross.js: expected ?elements=http://127.0.0.1:PORT/plyground-elements.js, got ${src.slice(0, 80)}`);
}
await import(src);
document.getElementById('host').innerHTML =
  '<ply-tree id="t" step="end">[[3,12,8],[2,4,6],[14,5,2]]</ply-tree><ply-game id="g" game="ttt" moves="4" scores></ply-game>';
