// 'There is a problem' for a report's refused save or submission: each message links to the page
// that puts it right.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { inApp } from './links';

export interface Problem {
  message: string;
  href: string;
}

export function ReportProblems({
  problems,
  changeLinks,
}: {
  problems: readonly Problem[];
  changeLinks?: readonly Problem[];
}) {
  const root = useRef<HTMLDivElement | null>(null);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (problems.length) root.current?.focus();
  }, [problems]);
  if (problems.length === 0) return null;
  return (
    <div ref={root} className="govuk-error-summary" data-module="govuk-error-summary" tabIndex={-1}>
      <div role="alert">
        <h2 className="govuk-error-summary__title">There is a problem</h2>
        <div className="govuk-error-summary__body">
          <ul className="govuk-list govuk-error-summary__list">
            {problems.map((p, i) => (
              <li key={i}>
                <a href={p.href} onClick={inApp(navigate)}>
                  {p.message}
                </a>
              </li>
            ))}
          </ul>
          {changeLinks?.length ? (
            <ul className="govuk-list">
              {changeLinks.map((c) => (
                <li key={c.href}>
                  <a className="govuk-link" href={c.href} onClick={inApp(navigate)}>
                    {c.message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </div>
  );
}
