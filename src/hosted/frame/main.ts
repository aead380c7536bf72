/**
 * Entry of the frame bundle (`vite build --mode fields` -> `dist/fields/frame.js`), loaded with `async` by
 * `frame.html` from the API origin, from the end of its body: it runs as soon as it has arrived (the input above it
 * is parsed by then), without waiting for the page's `DOMContentLoaded` or stylesheet, which a `defer` script does
 * (the frame's height follows the stylesheet when it applies: `resize`). The server sends the page with a `Link`
 * preload of it (demo/sandbox/routes/fields.ts). The only module of the project that runs on load: this is the
 * frame's own page.
 */
import { startFrame } from './index';

startFrame();
