import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { routerRef } from './app/router-ref';
import { startApp } from './app/startup';

const router = createAppRouter();
routerRef.set(router);
void startApp();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
