import { usePageTitle } from '../../lib/page-title';
import { regulatorContacts } from './regulator-contacts';

export default function ContactUsPage() {
  usePageTitle('Contact us');
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">Contact us</h1>
        <p className="govuk-body">
          If you need help with ESOS or with this service, contact your regulator by e-mail. Your regulator depends on
          where your organisation is based; offshore installations are regulated by OPRED.
        </p>
        <p className="govuk-body">
          Include your organisation’s name and, if you have one, its organisation account ID.
        </p>
        <h2 className="govuk-heading-m">Regulators</h2>
        {regulatorContacts.map((regulator) => (
          <div key={regulator.code}>
            <h3 className="govuk-heading-s govuk-!-margin-bottom-1">{regulator.nation}</h3>
            <p className="govuk-body">
              {regulator.name}
              <br />
              E-mail:{' '}
              <a className="govuk-link" href={`mailto:${regulator.email}`}>
                {regulator.email}
              </a>
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}
