import 'govuk-frontend/dist/govuk/govuk-frontend.min.css';
import './app/app.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// govuk-frontend styles some components differently when JavaScript runs; the class cannot be set
// by an inline script because the Content-Security-Policy forbids them.
document.body.classList.add('js-enabled', 'govuk-frontend-supported');

createRoot(document.getElementById('root')!).render(<App />);
