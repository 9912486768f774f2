import { Link } from 'wouter';
import { SERVICE_NAME, usePageTitle } from '../../lib/page-title';
import { regulatorContacts } from './regulator-contacts';

export default function PrivacyNoticePage() {
  usePageTitle('Privacy notice');
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">Privacy notice</h1>
        <p className="govuk-body">
          This notice explains what personal data the {SERVICE_NAME} service collects, why, who it is shared with, how
          long it is kept and what your rights are.
        </p>

        <h2 className="govuk-heading-m">Who is responsible for your data</h2>
        <p className="govuk-body">
          The Energy Savings Opportunity Scheme (ESOS) is run by a regulator in each nation of the UK. Each regulator is
          the data controller for the organisations it regulates, so there are five data controllers, one per nation:
        </p>
        <ul className="govuk-list govuk-list--bullet">
          {regulatorContacts.map((regulator) => (
            <li key={regulator.code}>
              {regulator.name} —{' '}
              {regulator.nation === 'Offshore installations' ? 'offshore installations' : regulator.nation}
            </li>
          ))}
        </ul>

        <h2 className="govuk-heading-m">What personal data we collect</h2>
        <p className="govuk-body">
          For each person who uses the service, or who is named in an organisation’s report, we collect:
        </p>
        <ul className="govuk-list govuk-list--bullet">
          <li>first name and last name</li>
          <li>middle name, if you give one</li>
          <li>e-mail address</li>
          <li>job title</li>
          <li>contact information, such as a telephone number</li>
        </ul>
        <p className="govuk-body">We collect these details for people in these roles:</p>
        <ul className="govuk-list govuk-list--bullet">
          <li>the primary officer of the organisation</li>
          <li>a secondary contact</li>
          <li>board directors who sign off the ESOS assessment</li>
          <li>the lead assessor, together with the professional body register they belong to</li>
        </ul>

        <h2 className="govuk-heading-m">Why we collect it</h2>
        <p className="govuk-body">
          We use your data to run ESOS: to set up organisation accounts, to contact organisations about their
          obligations, to receive and review notifications of compliance, action plans and progress updates, and to
          check that organisations comply with the scheme.
        </p>

        <h2 className="govuk-heading-m">Our legal basis</h2>
        <p className="govuk-body">
          We process your data because it is necessary to perform a task in the public interest and to exercise our
          official authority under the Energy Savings Opportunity Scheme Regulations 2014.
        </p>

        <h2 className="govuk-heading-m">Who we share it with</h2>
        <p className="govuk-body">
          Your data is seen by staff of the regulator for your organisation and, where needed, by the other ESOS
          regulators and the government department responsible for the scheme. Companies that host and support the
          service process it on our behalf, under contract and only on our instructions. We do not sell your data.
        </p>

        <h2 className="govuk-heading-m">How long we keep it</h2>
        <p className="govuk-body">
          An ESOS compliance period lasts 4 years. We keep your data for the compliance period it belongs to and delete
          it once 2 later compliance periods have passed.
        </p>

        <h2 className="govuk-heading-m">Your rights</h2>
        <p className="govuk-body">You have the right to:</p>
        <ul className="govuk-list govuk-list--bullet">
          <li>ask for a copy of the data we hold about you</li>
          <li>have inaccurate data corrected</li>
          <li>object to how we use your data, or ask us to restrict it</li>
          <li>ask for your data to be deleted where we no longer need it</li>
        </ul>

        <h2 className="govuk-heading-m">International transfers</h2>
        <p className="govuk-body">
          Your data is stored in the UK. If it ever has to be processed outside the UK, we will make sure it is
          protected to the same standard as UK data protection law requires.
        </p>

        <h2 className="govuk-heading-m">Complaints</h2>
        <p className="govuk-body">
          If you are unhappy with how we use your data, contact your regulator first. You can also complain to the{' '}
          <a
            className="govuk-link"
            href="https://ico.org.uk/make-a-complaint/"
            target="_blank"
            rel="noreferrer noopener"
          >
            Information Commissioner’s Office (opens in new tab)
          </a>
          , the UK’s independent regulator for data protection.
        </p>

        <h2 className="govuk-heading-m">Contact details</h2>
        <p className="govuk-body">
          To use your rights or ask about this notice, e-mail the regulator for your organisation. Their addresses are
          on the{' '}
          <Link className="govuk-link" href="/contact-us">
            contact us
          </Link>{' '}
          page.
        </p>
      </div>
    </div>
  );
}
