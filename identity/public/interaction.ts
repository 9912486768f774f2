// Behaviour of the identity provider's pages, served as a script file (the CSP forbids inline
// scripts): GOV.UK's js-enabled class, the automatic sign-out form and the password strength meter.
import { debounce, scoreLabel, type Strength } from './strength';

document.body.classList.add('js-enabled', 'govuk-frontend-supported');

const autoSubmit = document.querySelector<HTMLFormElement>('form[data-auto-submit]');
if (autoSubmit) document.querySelector<HTMLButtonElement>(`button[form="${autoSubmit.id}"]`)?.click();

for (const input of document.querySelectorAll<HTMLInputElement>('input[data-strength-meter]')) {
  const meter = document.querySelector<HTMLElement>(`[data-strength-for="${input.id}"]`);
  if (!meter) continue;
  const text = meter.querySelector<HTMLElement>('[data-strength-text]')!;
  const feedback = meter.querySelector<HTMLElement>('[data-strength-feedback]')!;
  const show = (strength: Strength | null) => {
    if (!strength) {
      meter.removeAttribute('data-score');
      text.textContent = '';
      feedback.replaceChildren();
      return;
    }
    meter.dataset.score = String(strength.score);
    text.textContent = `Password strength: ${scoreLabel[strength.score]}`;
    feedback.replaceChildren(
      ...[strength.warning, ...strength.suggestions].filter(Boolean).map((line) => {
        const li = document.createElement('li');
        li.textContent = line;
        return li;
      }),
    );
  };
  // zxcvbn-ts and its dictionaries are large: loaded only on pages with a password to score.
  const update = debounce(async () => {
    const { estimate } = await import('./estimate');
    show(estimate(input.value));
  }, 100);
  input.addEventListener('input', update);
  // Text typed or filled in by the browser before this module ran has had no input event.
  if (input.value !== '') update();
}
