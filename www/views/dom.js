// Small DOM helpers. User text only ever reaches the page through textContent and
// attribute setters: nothing here parses HTML.

/**
 * Creates an element: `el('button', {type: 'button', class: 'x', onclick: fn}, 'text', child)`.
 * Keys starting with "on" add listeners; `dataset` and `aria` take objects; other keys are
 * attributes (false/null/undefined skip them, true sets them empty).
 */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) append(e, c);
  return e;
}

function append(parent, c) {
  if (c === null || c === undefined || c === false) return;
  if (Array.isArray(c)) for (const x of c) append(parent, x);
  else if (c instanceof Node) parent.append(c);
  else parent.append(document.createTextNode(String(c)));
}

/** Replaces an element's children. */
export function setChildren(parent, ...children) {
  parent.replaceChildren();
  for (const c of children) append(parent, c);
}

/**
 * A maker of a component's parts: `P('canvas', 'canvas', attrs, …children)` creates the element
 * with `part="canvas"` (styleable from outside a shadow root with ::part(canvas)) and, when the
 * component is given an id prefix (the playground's 'tl-'), the id `tl-canvas`.
 * @param {string|null|undefined} idPrefix
 */
export function partMaker(idPrefix) {
  return (name, tag, attrs = {}, ...children) => el(tag, { ...attrs, part: name, id: idPrefix ? `${idPrefix}${name}` : null }, ...children);
}

export const $ = (id) => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no element #${id}`);
  return e;
};

/** Is the page in dark mode (per the system)? */
export function prefersDark() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Does the user ask for less motion? */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A table from a header row and body rows (cells: strings, numbers or {text, class, title}). */
export function fillTable(table, head, rows, opts = {}) {
  const thead = el('thead', {}, el('tr', {}, head.map((h) => el('th', { scope: 'col' }, h))));
  const tbody = el(
    'tbody',
    {},
    rows.map((r) =>
      el(
        'tr',
        { class: r.class ?? '' },
        (r.cells ?? r).map((c, i) => {
          const cell = typeof c === 'object' && c !== null ? c : { text: c };
          const tag = i === 0 && opts.rowHeaders ? 'th' : 'td';
          return el(tag, { class: cell.class, title: cell.title, scope: tag === 'th' ? 'row' : null }, String(cell.text ?? ''));
        }),
      ),
    ),
  );
  if (opts.caption) table.replaceChildren(el('caption', {}, opts.caption), thead, tbody);
  else table.replaceChildren(thead, tbody);
}

/** Is the keyboard focus in a text field (where shortcut keys must type, not act)? */
export function typingTarget(e) {
  // Inside a shadow root the event is retargeted to the host: look at where it started.
  const t = typeof e.composedPath === 'function' && e.composedPath().length ? e.composedPath()[0] : e.target;
  if (!t || !t.tagName) return false;
  const tag = t.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable) return true;
  if (tag === 'INPUT') return !['button', 'checkbox', 'radio', 'submit'].includes(t.type);
  return false;
}

/**
 * F or ?: a key that opens presenter mode or the keyboard help (views/present-keys.js, loaded
 * when one is pressed).
 * @param {KeyboardEvent} e
 */
export function isPresentKey(e) {
  return (e.key === '?' || (!e.shiftKey && (e.key === 'f' || e.key === 'F'))) && !e.ctrlKey && !e.metaKey && !e.altKey && !typingTarget(e);
}

/**
 * Calls `fn` once what was just built has been painted and shown: two frames, then 100 ms
 * (a frame is shown a frame or two after its callbacks run), then an idle moment; or after
 * `atMost` ms whatever happens (a page in a background tab paints no frames). A page's second
 * wasm module is asked for here, so that its largest paint waits on one download, not two.
 */
export function afterPaint(fn, atMost = 600) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(once, { timeout: 200 }) : once());
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(idle, 100)));
  setTimeout(once, atMost);
}
