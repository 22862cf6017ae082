// What opens presenter mode (F) and the keyboard help (?) from a figure, loaded the first
// time one of those keys is pressed (or a Present or ? button clicked): a page that never asks
// for them does not download them. Also the one way the lazily loaded views add their styles.

/** The element that has the focus, inside shadow roots too. */
export function deepFocus(doc = document) {
  let a = doc.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/**
 * F opens presenter mode (views/presenter.js) on `root` with the figure's adapter; returns
 * whether the key was used.
 * @param {KeyboardEvent} e
 * @param {HTMLElement} root the figure's container
 * @param {(m: object) => object} [adapter] what presenter mode can do with the figure
 */
export function presentKey(e, root, adapter = () => ({})) {
  if ((e.key !== 'f' && e.key !== 'F') || e.shiftKey) return false;
  openPresenter(root, adapter, deepFocus(root.ownerDocument));
  return true;
}

/** Opens presenter mode on `root` unless it is open; `opener` gets the focus back. */
export function openPresenter(root, adapter, opener) {
  import('./presenter.js').then((m) => m.presenting() || m.present(root, adapter(m), opener));
}

/**
 * ? shows the keyboard help (views/keys-help.js) of a view in `root`; returns whether the key
 * was used.
 * @param {KeyboardEvent} e
 * @param {HTMLElement} root
 * @param {string} title
 * @param {[string, string][]} keys every key of the view
 */
export function helpKey(e, root, title, keys) {
  if (e.key !== '?') return false;
  showHelp(root, title, keys, deepFocus(root.ownerDocument));
  return true;
}

/** The keyboard help in `root`; `opener` gets the focus back. */
export function showHelp(root, title, keys, opener) {
  import('./keys-help.js').then((m) => m.showKeys(root, title, keys, opener));
}

const sheets = new Map();

/**
 * Adds a stylesheet (once) to the document or shadow root that holds `node`: constructed, so
 * that a strict CSP (no inline style) allows it.
 * @param {Node} node
 * @param {string} css
 */
export function adoptStyles(node, css) {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  const r = node.getRootNode();
  const host = r.adoptedStyleSheets ? r : node.ownerDocument;
  if (!host.adoptedStyleSheets.includes(sheet)) host.adoptedStyleSheets = [...host.adoptedStyleSheets, sheet];
}
