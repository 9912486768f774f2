// One MI report (/mi-reports/{report}): the custom SQL report or a fixed report.
import { useParams } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { miReportNames, miReportOfSlug } from '../../../domain/mi-reports';
import { CustomReport } from './custom-report';
import { StandardReport } from './standard-report';

export default function MiReportPage() {
  const { report } = useParams<{ report: string }>();
  const type = miReportOfSlug(report);
  usePageTitle(type ? miReportNames[type] : 'MI report');
  if (!type) {
    return (
      <>
        <h1 className="govuk-heading-l">Page not found</h1>
        <p className="govuk-body">There is no such report.</p>
      </>
    );
  }
  return type === 'CUSTOM' ? <CustomReport /> : <StandardReport key={type} type={type} />;
}
