import { useEffect, useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { apiGet } from '../../lib/api';

interface VersionInfo {
  version: string;
  devVersion: string;
  commitHash: string;
}

export default function AboutPage() {
  usePageTitle('About');
  const [info, setInfo] = useState<VersionInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiGet('/version').then(setInfo, () => setFailed(true));
  }, []);
  return (
    <>
      <h1 className="govuk-heading-l">About</h1>
      {info ? (
        <dl className="govuk-summary-list">
          <div className="govuk-summary-list__row">
            <dt className="govuk-summary-list__key">Version</dt>
            <dd className="govuk-summary-list__value">{info.version}</dd>
          </div>
          <div className="govuk-summary-list__row">
            <dt className="govuk-summary-list__key">Commit</dt>
            <dd className="govuk-summary-list__value">{info.commitHash}</dd>
          </div>
        </dl>
      ) : (
        <p className="govuk-body" role="status">
          {failed ? 'The version could not be loaded.' : 'Loading…'}
        </p>
      )}
    </>
  );
}
