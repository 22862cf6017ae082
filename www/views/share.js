// "Copy link" and "Copy embed code" for a playground view: the link reopens the view with the
// same settings at the same step; the embed code is an <iframe> snippet and a custom-element
// snippet for a lesson page. The text is also shown in a box (the clipboard may be refused).

import { embedCode, playgroundUrl } from '../lib/snippets.js';
import { el, partMaker } from './dom.js';

/** The folder of the playground's files (index.html, embed.html, plyground-elements.js). */
export const SITE_BASE = new URL('../', import.meta.url).href;

export class ShareBar {
  /**
   * @param {HTMLElement} container
   * @param {object} opts
   * @param {string} opts.idPrefix e.g. 'tl-' gives #tl-copy-link, #tl-copy-embed, #tl-share-text
   * @param {() => object|null} opts.state the view's state now (figure-state.js), null when nothing is loaded
   * @param {string} [opts.title] the iframe's title
   */
  constructor(container, opts) {
    this.opts = opts;
    const P = partMaker(opts.idPrefix);
    this.linkButton = P('copy-link', 'button', { type: 'button', title: 'A link to this view with these settings, at this step' }, 'Copy link');
    this.embedButton = P('copy-embed', 'button', { type: 'button', title: 'An iframe and an element snippet for a lesson page' }, 'Copy embed code');
    this.text = P('share-text', 'textarea', { rows: 3, readonly: true, spellcheck: 'false', 'aria-label': 'The link or embed code' });
    this.note = P('share-note', 'span', { class: 'note', 'aria-live': 'polite' });
    this.out = el('div', { class: 'share-out', hidden: true }, this.text, this.note);
    this.linkButton.addEventListener('click', () => this.copy('link'));
    this.embedButton.addEventListener('click', () => this.copy('embed'));
    container.replaceChildren(this.linkButton, this.embedButton, this.out);
  }

  /** The text a button copies. */
  textFor(what) {
    const s = this.opts.state();
    if (!s) return null;
    if (what === 'link') return playgroundUrl(s, SITE_BASE);
    return embedCode(s, SITE_BASE, { title: this.opts.title });
  }

  async copy(what) {
    let text;
    try {
      text = this.textFor(what);
    } catch (e) {
      this.show('', e.message);
      return;
    }
    if (!text) {
      this.show('', 'Nothing to share yet.');
      return;
    }
    this.text.rows = what === 'link' ? 2 : 7;
    this.show(text, '');
    try {
      await navigator.clipboard.writeText(text);
      this.note.textContent = what === 'link' ? 'Link copied.' : 'Embed code copied.';
    } catch {
      this.text.select();
      this.note.textContent = 'Select the text above and copy it (the clipboard is not available here).';
    }
  }

  show(text, note) {
    this.out.hidden = false;
    this.text.value = text;
    this.note.textContent = note;
  }
}
