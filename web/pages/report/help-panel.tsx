// A report definition's help (domain/reports/fields.ts `Help`) as a GOV.UK details component, closed
// until opened; and what a question page adds under its questions: the link to the request's notes
// and the page's help panel.
import { Details } from '../../components';
import type { Help } from '../../../domain/reports/fields';
import type { StepDefinition } from '../../../domain/reports/report';

export function HelpPanel({ help }: { help: Help }) {
  return (
    <Details summary={help.title} className="esos-help">
      {help.content.map((part, i) =>
        Array.isArray(part) ? (
          <ul key={i} className="govuk-list govuk-list--bullet">
            {part.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i} className="govuk-body">
            {part}
          </p>
        ),
      )}
    </Details>
  );
}

/** The request page's Notes tab, where a report's files (a group structure chart) go. */
export const requestNotesPath = (accountId: number | null, requestId: string) =>
  `/accounts/${accountId ?? ''}/workflows/${encodeURIComponent(requestId)}#notes`;

export function StepHelp({
  step,
  requestInfo,
}: {
  step: Pick<StepDefinition, 'help' | 'notesLink'>;
  requestInfo: { id: string; accountId: number | null };
}) {
  return (
    <>
      {step.notesLink && requestInfo.accountId !== null ? (
        <p className="govuk-body">
          <a
            className="govuk-link"
            href={requestNotesPath(requestInfo.accountId, requestInfo.id)}
            target="_blank"
            rel="noreferrer noopener"
          >
            {step.notesLink}
          </a>
        </p>
      ) : null}
      {step.help ? <HelpPanel help={step.help} /> : null}
    </>
  );
}
