// One MI report (/mi-reports/{report}): the custom SQL report or a fixed report.
import { useParams } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { miReportOfSlug } from '../../../processes/mi-reports';
import { CustomReport } from './custom-report';
import { StandardReport } from './standard-report';

export default function MiReportPage() {
  const { report } = useParams<{ report: string }>();
  const entry = miReportOfSlug(report);
  usePageTitle(entry?.name ?? 'MI report');
  if (!entry) {
    return (
      <>
        <h1 className="govuk-heading-l">Page not found</h1>
        <p className="govuk-body">There is no such report.</p>
      </>
    );
  }
  return entry.type === 'CUSTOM' ? <CustomReport /> : <StandardReport key={entry.type} type={entry.type} />;
}
