import '@fontsource-variable/inter';
// Devanagari for Hindi (issue 18): its faces only apply under html[lang=hi] (index.css), so an
// English page never downloads the font.
import '@fontsource-variable/noto-sans-devanagari/wght.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { routerRef, type AppRouter } from './app/router-ref';
import { registerServiceWorker } from './app/service-worker';
import { installShellListeners, startApp } from './app/startup';
import { loaderLabel } from './components/ui/full-screen-loader';
import { activateLocale, initialLocale } from './lib/i18n';

// Which build this page runs (vite.config.ts buildId): for support, and for the story of a new
// version taking over an open page (shell.spec.ts).
document.documentElement.dataset.build = String(import.meta.env.VITE_BUILD_ID);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** Lets the browser run other work (input, paint) before the next step of the boot. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the router has matched the first URL and loaded its page's chunk. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * The boot. Creating the router (which matches the URL and starts the page's chunk and loader)
 * and the startup sequence (whose first fetches start the browser's network machinery) run in
 * tasks of their own, after the entry's evaluation. The first render waits for startup (docs/product.md#startup: the layout
 * renders only after it) and for the page's chunk: until then the static loader of index.html
 * is the full-screen loader, so a first load renders the app once, straight into its page,
 * instead of rendering the same loader again first and then replacing it (issue 56: a phone's
 * main thread at first load).
 */
async function boot() {
  // English is bundled; Hindi's chunk starts loading now, alongside the rest of the boot.
  const locale = activateLocale(initialLocale());
  // Apart from the entry's own evaluation, which is a long task of its own on a phone.
  await nextTask();
  const router = createAppRouter();
  routerRef.set(router);
  installShellListeners();
  await nextTask();
  const started = startApp();
  await locale.catch((error: unknown) => console.warn('[i18n] the language could not load', error));
  // The static loader speaks the page's language too.
  root!.querySelector('[role="status"]')?.setAttribute('aria-label', loaderLabel());
  await Promise.allSettled([started, routerReady(router)]);
  createRoot(root!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  registerServiceWorker(router);
}

void boot();
