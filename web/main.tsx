import 'govuk-frontend/dist/govuk/govuk-frontend.min.css';
import './app/app.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startApp } from './app/startup';

// govuk-frontend styles some components differently when JavaScript runs; the class cannot be set
// by an inline script because the Content-Security-Policy forbids them.
document.body.classList.add('js-enabled', 'govuk-frontend-supported');

// Start-up (configuration, the silent sign-in check, the signed-in user) runs once, before any guard.
void startApp();
createRoot(document.getElementById('root')!).render(<App />);
