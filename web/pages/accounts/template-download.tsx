// A link that downloads a template (GET /templates/{name}, .xlsx, made from the service's own
// definitions: api/routes/templates.ts), signed in, under the template's file name.
import { useState } from 'react';
import { ActionLink } from '../../components';
import { downloadSignedIn } from '../task/file-links';

/** The templates a process's 'About' panel offers, by request type. */
export const processTemplates: Record<string, { name: string; fileName: string }> = {
  ACTION_PLAN_P3: { name: 'action-plan', fileName: 'Action plan template.xlsx' },
  PROGRESS_UPDATE_1_P3: { name: 'progress-update-1', fileName: 'Progress update 1 template.xlsx' },
};

export function TemplateDownload({ name, fileName }: { name: string; fileName: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <p className="govuk-body">
      <ActionLink
        onClick={() => {
          setFailed(false);
          downloadSignedIn(`/v1.0/templates/${encodeURIComponent(name)}`, fileName).catch(() => setFailed(true));
        }}
      >
        {`Download the template: ${fileName}`}
      </ActionLink>
      {failed ? (
        <span className="govuk-error-message">The template could not be downloaded. Try again later.</span>
      ) : null}
    </p>
  );
}
