// The keyboard help (?): a modal dialog listing every key of the view it opens in. A modal
// <dialog> keeps the focus inside it; Esc or Close closes it and the focus goes back to what
// opened it.

import { el } from './dom.js';
import { adoptStyles } from './present-keys.js';

const CSS = `
dialog.keys-help { color: var(--ply-fg); background: var(--ply-bg); border: 1px solid var(--ply-border); border-radius: var(--ply-radius); max-width: min(40rem, 92vw); padding: 1rem 1.25rem; }
dialog.keys-help::backdrop { background: rgb(0 0 0 / 0.45); }
dialog.keys-help h2 { margin: 0 0 0.5rem; font-size: 1.2em; }
dialog.keys-help dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1rem; margin: 0 0 0.75rem; }
dialog.keys-help dd { margin: 0; }
dialog.keys-help kbd { font-family: ui-monospace, Menlo, Consolas, monospace; border: 1px solid var(--ply-border); border-radius: 3px; padding: 0 0.3rem; background: var(--ply-panel); }
`;

/**
 * Shows the keys in a dialog inside `host` (a shadow root's figure works: the dialog is
 * modal in its document's top layer).
 * @param {HTMLElement} host where the dialog goes
 * @param {string} title the dialog's heading
 * @param {[string, string][]} keys [key, what it does]
 * @param {HTMLElement|null} [opener] gets the focus back
 */
export function showKeys(host, title, keys, opener = null) {
  adoptStyles(host, CSS);
  host.querySelector(':scope > dialog.keys-help')?.remove();
  const close = el('button', { type: 'button', class: 'close' }, 'Close');
  const id = `keys-help-${Math.random().toString(36).slice(2, 8)}`;
  const dlg = el(
    'dialog',
    { class: 'keys-help', part: 'keys-help', 'aria-labelledby': id },
    el('h2', { id }, title),
    el('dl', {}, keys.map(([k, what]) => [el('dt', {}, el('kbd', {}, k)), el('dd', {}, what)])),
    close,
  );
  close.addEventListener('click', () => dlg.close());
  dlg.addEventListener('close', () => {
    dlg.remove();
    opener?.focus?.();
  });
  // Keys typed in the dialog are its own: the figure behind does not step.
  dlg.addEventListener('keydown', (e) => e.stopPropagation());
  host.append(dlg);
  dlg.showModal();
  close.focus();
  return dlg;
}
