// loading="lazy" on a plyground element (as on an <img> or an <iframe>): the figure is not
// built — no module, no WebAssembly, no search — until the element comes within a screen's
// height of the viewport, so a page of many figures does the work of the ones a reader
// reaches, a screen before they are reached. Until then the element holds its figure's space
// (elements/reserve.js) and says "Loading…". Removing the attribute, or printing the page,
// builds it at once. Loaded by elements/base.js only for an element that asks for it.

/** Each waiting element's resolve and the observer of its `loading` attribute. */
const waiting = new Map();
let nearby = null;

function go(el) {
  const w = waiting.get(el);
  if (!w) return;
  waiting.delete(el);
  nearby.unobserve(el);
  w.attr.disconnect();
  w.resolve();
}

/** Resolves once `el` is near the viewport (or its `loading` is no longer "lazy"). */
export function near(el) {
  if (typeof IntersectionObserver !== 'function') return Promise.resolve();
  nearby ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) if (e.isIntersecting) go(e.target);
    },
    { rootMargin: '100% 0px' },
  );
  // An element connected again while it waited: the old wait is replaced.
  if (waiting.has(el)) {
    waiting.get(el).attr.disconnect();
    nearby.unobserve(el);
  }
  return new Promise((resolve) => {
    const attr = new MutationObserver(() => {
      if (el.getAttribute('loading') !== 'lazy') go(el);
    });
    attr.observe(el, { attributes: true, attributeFilter: ['loading'] });
    waiting.set(el, { resolve, attr });
    nearby.observe(el);
  });
}

// A printed page shows every figure: the ones not built yet are built before it is laid out
// for print (with their modules already loaded, that happens before the print is drawn).
if (typeof addEventListener === 'function') {
  addEventListener('beforeprint', () => {
    for (const el of [...waiting.keys()]) go(el);
  });
}
