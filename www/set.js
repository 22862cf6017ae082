// set.html: one exercise set as a page — the set from the URL (#set=JSON or #src=URL, or
// set.json beside the page, as in a SCORM package). Finds an LMS (lib/scorm.js), takes the
// learner's id and the saved progress from it, and reports each counted check (score,
// status, interaction, suspend_data) and the end of the session. With no LMS the set runs
// standalone and the page says so.

import './elements/ply-set.js';
import { SITE_BASE } from './elements/runtime.js';
import { LmsSession, findApi } from './lib/scorm.js';
import { setPageUrl, setSnippet } from './lib/set.js';
import { el } from './views/dom.js';

const note = document.getElementById('lms');
const set = document.createElement('ply-set');
const hash = new URLSearchParams(location.hash.slice(1));
if (hash.has('set')) set.setAttribute('set', hash.get('set'));
else set.setAttribute('src', hash.get('src') ?? 'set.json');
if (hash.has('learner')) set.setAttribute('learner', hash.get('learner'));
if (hash.has('layout')) set.setAttribute('layout', hash.get('layout'));

let lms = null;
const found = findApi(window);
if (found) {
  lms = new LmsSession(found.api, found.version);
  if (!lms.start()) lms = null;
}
if (lms) {
  set.setAttribute('learner', lms.learner());
  const saved = lms.savedProgress();
  if (saved) set.restore(saved);
  note.textContent = `Connected to your course (SCORM ${lms.version}): your score is recorded there.`;
} else {
  note.textContent = found
    ? 'Your course did not accept this activity (SCORM initialisation failed): it runs standalone, and nothing is recorded.'
    : 'No course system found: this set runs standalone, and your progress stays in this browser.';
}

set.addEventListener('ready', (e) => {
  if (!e.detail.error && !lms && !found) share(set.description);
  if (e.detail.error || !lms) return;
  lms.report(set.record(), set.completed, set.progress());
});

/** Standalone: the set's link and its element snippet, to copy. */
function share(description) {
  if (!description || document.getElementById('share')) return;
  const field = (id, label, control) => el('p', {}, el('label', { for: id }, label), control);
  const link = el('input', { id: 'share-link', type: 'text', readonly: '', value: setPageUrl(description, SITE_BASE) });
  const code = el('textarea', { id: 'share-code', readonly: '', rows: '3' }, setSnippet(description, SITE_BASE));
  const box = el('details', { id: 'share', class: 'share' }, el('summary', {}, 'Link and embed code'), field('share-link', 'Link to this set', link), field('share-code', 'Embed code (an element)', code));
  document.getElementById('set').append(box);
}
set.addEventListener('graded', (e) => {
  if (!e.detail.counted) return;
  lms?.report(e.detail.set, set.completed, set.progress(), { index: e.detail.index, record: e.detail.record, latency: e.detail.latency });
});
addEventListener('pagehide', () => lms?.finish());

// For the host page and tests: the session (null when standalone).
window.plygroundLms = lms;
document.getElementById('set').append(set);
