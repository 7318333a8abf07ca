import '@fontsource-variable/inter';
// Devanagari for Hindi (issue 18): its faces only apply under html[lang=hi] (index.css), so an
// English page never downloads the font.
import '@fontsource-variable/noto-sans-devanagari/wght.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { routerRef } from './app/router-ref';
import { registerServiceWorker } from './app/service-worker';
import { installShellListeners, startApp } from './app/startup';
import { activateLocale, initialLocale } from './lib/i18n';

// Which build this page runs (vite.config.ts buildId): for support, and for the story of a new
// version taking over an open page (shell.spec.ts).
document.documentElement.dataset.build = String(import.meta.env.VITE_BUILD_ID);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** Lets the browser run other work (input, paint) before the next step of the boot. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The boot in three tasks instead of one: creating the router (which matches the URL and
 * starts the page's chunks and loader), the startup sequence (whose first fetches start the
 * browser's network machinery), and the first render each cost tens of milliseconds on a
 * phone; in one task they held its main thread for a quarter of a second (Lighthouse's Total
 * Blocking Time). The static loader of index.html stays on screen throughout.
 */
async function boot() {
  // English is bundled; Hindi's chunk starts loading now, alongside the rest of the boot.
  const locale = activateLocale(initialLocale());
  const router = createAppRouter();
  routerRef.set(router);
  installShellListeners();
  await nextTask();
  void startApp();
  await nextTask();
  await locale.catch((error: unknown) => console.warn('[i18n] the language could not load', error));
  createRoot(root!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  registerServiceWorker(router);
}

void boot();
