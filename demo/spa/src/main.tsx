import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';

// StrictMode mounts every effect twice in development builds: the checkout form is mounted, unmounted and
// mounted again, which paytoken's form layer must survive with one hidden input of each kind.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
