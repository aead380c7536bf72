/**
 * Vitest setup of every test file (vite.config.ts `test.setupFiles`): no `XMLHttpRequest`.
 *
 * The library sends by `XMLHttpRequest` where the page has one, else by `fetch` (src/http/pristine.ts). The unit
 * and contract suites script the network with a stubbed `fetch` (`vi.stubGlobal('fetch', ...)`), and happy-dom
 * brings an `XMLHttpRequest` of its own that would bypass the stub: each test file starts without it, so the library
 * takes its `fetch` path, as in Node. The XHR path has its own suite with a fake `XMLHttpRequest`
 * (test/unit/http/xhr.test.ts); the browsers' real one is driven by the e2e specs and `npm run test:engines`.
 */
delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
