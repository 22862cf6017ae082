// Records every message the practice frame posts (tests/browser/practice.test.mjs reads them).
window.received = [];
window.addEventListener('message', (e) => window.received.push(e.data));
