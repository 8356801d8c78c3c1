import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './index.css';
import { i18nReady } from './lib/i18n';
import { router } from './routes';

// The tRPC and React Query providers and the toasts are a layout route (src/app-providers.tsx) around
// every page but the landing page. The first paint waits for the active language's core strings (one
// small chunk, fetched in parallel with the page's code).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
