// Sizes the plyground frames of a page to their figures: each frame (embed.html) posts
// {type: 'plyground:resize', height} whenever its content's height changes, and this sets the
// height of the <iframe> that sent it. One line in the host page, once, next to the frames
// (the "Copy embed code" snippet has it; docs/embedding.md):
//   <script type="module" src="https://YOUR-HOST/plyground/frame-size.js"></script>
// A page that strips scripts keeps each frame's own height attribute.

/** The tallest height a frame is given (CSS px): a runaway figure cannot grow a page forever. */
const MAX_HEIGHT = 4000;

self.addEventListener('message', (e) => {
  const h = e.data?.type === 'plyground:resize' ? e.data.height : null;
  if (typeof h !== 'number' || !Number.isFinite(h) || h <= 0) return;
  for (const frame of document.querySelectorAll('iframe')) {
    // Only the frame that sent the message: a message names no frame, its source is one.
    if (frame.contentWindow === e.source) frame.style.height = `${Math.min(MAX_HEIGHT, Math.ceil(h))}px`;
  }
});
