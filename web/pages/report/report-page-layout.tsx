// The frame every page of a report task shares: 'Back', the page's grid column, and a link at its
// foot back to the task list (or the list the page belongs to).
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { BackLink } from '../../components';
import { inApp } from './links';

interface Props {
  back: string;
  /** The full width (a table), else two thirds. */
  wide?: boolean;
  /** Where the link at the foot goes, and its words ('Return to task list' by default). */
  returnTo: string;
  returnText?: string;
  children: ReactNode;
}

export function ReportPageLayout({ back, wide, returnTo, returnText = 'Return to task list', children }: Props) {
  const [, navigate] = useLocation();
  return (
    <>
      <BackLink href={back} onClick={inApp(navigate)}>
        Back
      </BackLink>
      <div className="govuk-grid-row">
        <div className={wide ? 'govuk-grid-column-full' : 'govuk-grid-column-two-thirds'}>
          {children}
          <p className="govuk-body">
            <Link href={returnTo} className="govuk-link">
              {returnText}
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
