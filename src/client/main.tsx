// First, so the first screen's texts and code load while the rest of the console's code runs.
import './app/first-requests.js';
import { startingLanguage, startingTexts } from './lib/language-start.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { initI18n } from './lib/i18n.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// Not a top-level await: with one, Rolldown skips its chunk optimisations and the first screen
// loads more and smaller chunks.
void initI18n(startingLanguage, startingTexts).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
