// Server-rendered GOV.UK pages of the identity provider. No inline script or style: behaviour comes
// from /auth/static/interaction.js, looks from govuk-frontend's stylesheet.

const SERVICE = 'Manage your ESOS reporting';

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface FieldError {
  field: string;
  message: string;
}

export function layout(title: string, body: string, opts: { errors?: FieldError[]; serviceUrl?: string } = {}): string {
  const errors = opts.errors ?? [];
  return `<!DOCTYPE html>
<html lang="en" class="govuk-template">
<head>
<meta charset="utf-8">
<title>${errors.length ? 'Error: ' : ''}${esc(title)} - ${SERVICE} - GOV.UK</title>
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<link rel="stylesheet" href="/auth/static/govuk-frontend.min.css">
<link rel="stylesheet" href="/auth/static/identity.css">
<script type="module" src="/auth/static/interaction.js"></script>
</head>
<body class="govuk-template__body">
<a href="#main-content" class="govuk-skip-link">Skip to main content</a>
<header class="govuk-template__header"><div class="govuk-header" data-module="govuk-header"><div class="govuk-header__container govuk-width-container">
<div class="govuk-header__logo"><a href="https://www.gov.uk" class="govuk-header__homepage-link">GOV.UK</a></div>
</div></div>
<section aria-label="Service information" class="govuk-service-navigation"><div class="govuk-width-container"><div class="govuk-service-navigation__container">
<span class="govuk-service-navigation__service-name"><a href="${esc(opts.serviceUrl ?? '/')}" class="govuk-service-navigation__link">${SERVICE}</a></span>
</div></div></section></header>
<div class="govuk-width-container">
<main class="govuk-main-wrapper" id="main-content">
<div class="govuk-grid-row"><div class="govuk-grid-column-two-thirds">
${errors.length ? errorSummary(errors) : ''}
${body}
</div></div>
</main>
</div>
<footer class="govuk-footer"><div class="govuk-width-container"><div class="govuk-footer__meta"><div class="govuk-footer__meta-item govuk-footer__meta-item--grow">
<a class="govuk-footer__link" href="/privacy-notice">Privacy Notice</a> · <a class="govuk-footer__link" href="/contact-us">Contact us</a> · <a class="govuk-footer__link" href="/accessibility">Accessibility Statement</a>
</div><div class="govuk-footer__meta-item">© Crown copyright</div></div></div></footer>
</body>
</html>`;
}

function errorSummary(errors: FieldError[]): string {
  return `<div class="govuk-error-summary" data-module="govuk-error-summary"><div role="alert">
<h2 class="govuk-error-summary__title">There is a problem</h2>
<div class="govuk-error-summary__body"><ul class="govuk-list govuk-error-summary__list">
${errors.map((e) => `<li><a href="#${esc(e.field)}">${esc(e.message)}</a></li>`).join('')}
</ul></div></div></div>`;
}

export function input(
  name: string,
  label: string,
  opts: {
    type?: string;
    value?: string;
    autocomplete?: string;
    errors?: FieldError[];
    hint?: string;
    width?: string;
    inputmode?: string;
    meter?: boolean;
  } = {},
): string {
  const error = opts.errors?.find((e) => e.field === name);
  const describedBy = [
    opts.hint ? `${name}-hint` : '',
    error ? `${name}-error` : '',
    opts.meter ? `${name}-strength` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<div class="govuk-form-group${error ? ' govuk-form-group--error' : ''}">
<label class="govuk-label" for="${name}">${esc(label)}</label>
${opts.hint ? `<div id="${name}-hint" class="govuk-hint">${esc(opts.hint)}</div>` : ''}
${error ? `<p id="${name}-error" class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> ${esc(error.message)}</p>` : ''}
<input class="govuk-input${opts.width ? ` ${opts.width}` : ''}${error ? ' govuk-input--error' : ''}" id="${name}" name="${name}" type="${opts.type ?? 'text'}"${opts.value !== undefined && opts.type !== 'password' ? ` value="${esc(opts.value)}"` : ''}${opts.autocomplete ? ` autocomplete="${opts.autocomplete}"` : ''}${opts.inputmode ? ` inputmode="${opts.inputmode}"` : ''} spellcheck="false"${describedBy ? ` aria-describedby="${describedBy}"` : ''}${opts.meter ? ' data-strength-meter' : ''}>
${opts.meter ? strengthMeter(name) : ''}
</div>`;
}

/** Filled in by interaction.js (zxcvbn-ts); without JavaScript it stays empty and harmless. */
function strengthMeter(name: string): string {
  return `<div id="${name}-strength" class="app-strength" data-strength-for="${name}" aria-live="polite">
<div class="app-strength__bar" aria-hidden="true">${[0, 1, 2, 3, 4].map((i) => `<span class="app-strength__segment" data-segment="${i}"></span>`).join('')}</div>
<p class="govuk-body-s app-strength__text" data-strength-text></p>
<ul class="govuk-list govuk-body-s app-strength__feedback" data-strength-feedback></ul>
</div>`;
}

export const csrfField = (token: string) => `<input type="hidden" name="csrf" value="${esc(token)}">`;
export const button = (text: string, attrs = '') =>
  `<button type="submit" class="govuk-button" data-module="govuk-button"${attrs ? ' ' + attrs : ''}>${esc(text)}</button>`;

export function errorPage(message: string): string {
  return layout(
    'Sorry, there is a problem',
    `<h1 class="govuk-heading-l">Sorry, there is a problem</h1>
<p class="govuk-body">${esc(message)}</p>
<p class="govuk-body"><a class="govuk-link" href="/">Go to the start of the service</a></p>`,
  );
}

export function logoutPage(form: string): string {
  // oidc-provider's form carries its own anti-forgery token; interaction.js submits it at once.
  return layout(
    'Sign out',
    `<h1 class="govuk-heading-l">Sign out</h1>
${form.replace('<form ', '<form data-auto-submit ')}
<button type="submit" class="govuk-button" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  );
}

export function signedOutPage(base: string): string {
  return layout(
    'You have signed out',
    `<h1 class="govuk-heading-l">You have signed out</h1><p class="govuk-body"><a class="govuk-link" href="${esc(base)}/">Go to the start of the service</a></p>`,
  );
}
