/**
 * Entry of the frame bundle (`vite build --mode fields` -> `dist/fields/frame.js`), loaded with `defer` by
 * `frame.html` from the API origin. The only module of the project that runs on load: this is the frame's own page.
 */
import { startFrame } from './index';

startFrame();
