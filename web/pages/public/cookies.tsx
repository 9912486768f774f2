import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { NotificationBanner } from '../../components/notification-banner';
import { Radios } from '../../components/radios';
import { cookiesEnabled, saveConsent, useCookieConsent } from '../../lib/cookies';
import { usePageTitle } from '../../lib/page-title';

interface CookieRow {
  name: string;
  purpose: string;
  expires: string;
}

function CookieTable({ caption, rows }: { caption: string; rows: readonly CookieRow[] }) {
  return (
    <table className="govuk-table app-table--wrap">
      <caption className="govuk-table__caption govuk-table__caption--s">{caption}</caption>
      <thead className="govuk-table__head">
        <tr className="govuk-table__row">
          <th scope="col" className="govuk-table__header">
            Name
          </th>
          <th scope="col" className="govuk-table__header">
            Purpose
          </th>
          <th scope="col" className="govuk-table__header">
            Expires
          </th>
        </tr>
      </thead>
      <tbody className="govuk-table__body">
        {rows.map((row) => (
          <tr className="govuk-table__row" key={row.name}>
            <td className="govuk-table__cell">{row.name}</td>
            <td className="govuk-table__cell">{row.purpose}</td>
            <td className="govuk-table__cell">{row.expires}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const consentCookies: CookieRow[] = [
  {
    name: 'cookies_preferences_set',
    purpose: 'Remembers that you have chosen which cookies to accept',
    expires: '1 day',
  },
  { name: 'cookies_policy', purpose: 'Saves your cookie consent settings', expires: '1 day' },
];

const signInCookies: CookieRow[] = [
  {
    name: '_session',
    purpose: 'Keeps you signed in to the service',
    expires: 'When you sign out or your session ends',
  },
  { name: '_interaction, _interaction_resume', purpose: 'Remember where you are while you sign in', expires: '1 hour' },
];

const analyticsCookies: CookieRow[] = [
  {
    name: '_ga',
    purpose: 'Checks if you have visited the service before, to count how many people visit',
    expires: '2 years',
  },
  {
    name: '_gid',
    purpose: 'Checks if you have visited the service before, to count how many people visit',
    expires: '24 hours',
  },
];

export default function CookiesPage() {
  usePageTitle('Cookies');
  const consent = useCookieConsent();
  const [choice, setChoice] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // Analytics stay off until the user says yes.
  const current = choice ?? (consent.usage ? 'yes' : 'no');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    saveConsent(current === 'yes');
    setSaved(true);
  };

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {saved ? <NotificationBanner type="success" heading="You’ve set your cookie preferences." /> : null}
        <h1 className="govuk-heading-l">Cookies</h1>
        <p className="govuk-body">
          Cookies are small files saved on your phone, tablet or computer when you visit a website.
        </p>
        <p className="govuk-body">
          We use cookies to make this service work and, if you agree, to collect information about how you use it.
        </p>

        <h2 className="govuk-heading-m">Essential cookies</h2>
        <p className="govuk-body">These cookies are needed for the service to work. You cannot turn them off.</p>
        <CookieTable caption="Cookies that remember your cookie settings" rows={consentCookies} />
        <CookieTable caption="Cookies set by the sign-in service (at /auth)" rows={signInCookies} />

        <h2 className="govuk-heading-m">Analytics cookies (optional)</h2>
        <p className="govuk-body">
          With your permission, we use Google Analytics, loaded through Google Tag Manager, to collect data about how
          you use this service. This helps us improve it. These cookies are only set after you accept them.
        </p>
        <CookieTable caption="Analytics cookies" rows={analyticsCookies} />

        <h2 className="govuk-heading-m">Change your cookie settings</h2>
        <form noValidate onSubmit={onSubmit}>
          <Radios
            name="analytics"
            legend="Do you want to accept analytics cookies?"
            legendClassName="govuk-fieldset__legend--s"
            value={current}
            onChange={(event) => {
              setChoice(event.target.value);
              setSaved(false);
            }}
            items={[
              { value: 'yes', text: 'Yes' },
              { value: 'no', text: 'No' },
            ]}
            disabled={!cookiesEnabled()}
          />
          <Button disabled={!cookiesEnabled()}>Save cookie settings</Button>
        </form>
      </div>
    </div>
  );
}
