// The keyboard help (?): a modal dialog listing every key of the view it opens in. A modal
// <dialog> keeps the focus inside it; Esc or Close closes it and the focus goes back to what
// opened it.

import { el } from './dom.js';

/**
 * Shows the keys in a dialog inside `host` (a shadow root's figure works: the dialog is
 * modal in its document's top layer).
 * @param {HTMLElement} host where the dialog goes
 * @param {string} title the dialog's heading
 * @param {[string, string][]} keys [key, what it does]
 * @param {HTMLElement|null} [opener] gets the focus back
 */
export function showKeys(host, title, keys, opener = null) {
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
