import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { browserLanguages, pickLang } from './i18n';
import { tokenFromPath } from './token';
import './global.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App lang={pickLang(browserLanguages())} token={tokenFromPath(window.location.pathname)} />
  </StrictMode>,
);
