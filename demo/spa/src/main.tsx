import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';

// StrictMode mounts every effect twice in development builds: the hosted fields are mounted, unmounted and
// mounted again, which must leave one set of frames (test/merchant/spa-strict-mode.test.ts).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
