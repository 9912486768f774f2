import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { readConsent } from '../../lib/cookies';
import { useGuardedLocation } from '../../lib/navigation-guard';
import AccessibilityPage from './accessibility';
import ContactUsPage from './contact-us';
import CookiesPage from './cookies';
import PrivacyNoticePage from './privacy-notice';

function renderPage(Page: () => React.JSX.Element) {
  return render(
    <Router hook={useGuardedLocation}>
      <Page />
    </Router>,
  );
}

describe('contact us', () => {
  it('lists the five regulators with their e-mail addresses', () => {
    renderPage(ContactUsPage);
    const emails = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(emails).toEqual([
      'mailto:esos@environment-agency.gov.uk',
      'mailto:esos@naturalresourceswales.gov.uk',
      'mailto:esos@sepa.org.uk',
      'mailto:esos@daera-ni.gov.uk',
      'mailto:opred@energysecurity.gov.uk',
    ]);
    expect(document.title).toBe('Contact us - Manage your ESOS reporting - GOV.UK');
  });
});

describe('privacy notice', () => {
  it('names the five data controllers, the personal data, the officer roles and the retention rule', () => {
    renderPage(PrivacyNoticePage);
    const text = document.body.textContent ?? '';
    for (const fact of [
      'Environment Agency',
      'Natural Resources Wales',
      'Scottish Environment Protection Agency',
      'Northern Ireland Environment Agency',
      'Offshore Petroleum Regulator for Environment and Decommissioning',
      'middle name, if you give one',
      'job title',
      'primary officer',
      'secondary contact',
      'board directors',
      'professional body register',
      'delete it once 2 later compliance periods have passed',
    ]) {
      expect(text).toContain(fact);
    }
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Our legal basis',
        'Who we share it with',
        'How long we keep it',
        'Your rights',
        'International transfers',
        'Complaints',
        'Contact details',
      ]),
    );
  });
});

describe('accessibility statement', () => {
  it('states partial compliance with WCAG 2.2 AA and the 1 June 2024 fix date', () => {
    renderPage(AccessibilityPage);
    expect(screen.getByText(/partially compliant with the/)).toHaveTextContent(
      'Web Content Accessibility Guidelines version 2.2',
    );
    expect(screen.getByText(/by 1 June 2024/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enforcement procedure' })).toBeInTheDocument();
  });
});

describe('cookies page', () => {
  beforeEach(() => {
    for (const name of ['cookies_preferences_set', 'cookies_policy'])
      document.cookie = `${name}=; expires=${new Date(0).toUTCString()}; path=/`;
    (globalThis as { fetch: unknown }).fetch = jest
      .fn()
      .mockResolvedValue({ ok: true, json: async () => ({ analytics: { gtmContainerId: '' } }) });
  });

  it('explains each cookie and saves a changed choice with a success banner', async () => {
    const user = userEvent.setup();
    renderPage(CookiesPage);
    for (const name of ['cookies_preferences_set', 'cookies_policy', '_session', '_ga'])
      expect(screen.getByRole('cell', { name })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Do you want to accept analytics cookies?' });
    expect(within(group).getByLabelText('No')).toBeChecked();
    await user.click(within(group).getByLabelText('Yes'));
    await user.click(screen.getByRole('button', { name: 'Save cookie settings' }));
    expect(readConsent()).toEqual({ preferencesSet: true, usage: true });
    expect(screen.getByRole('alert')).toHaveTextContent('You’ve set your cookie preferences.');
    await user.click(within(group).getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Save cookie settings' }));
    expect(readConsent()).toEqual({ preferencesSet: true, usage: false });
  });
});
