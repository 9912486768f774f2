import { useState } from 'react';
import { Link } from 'wouter';
import {
  feedbackQuestions,
  feedbackSchema,
  FEEDBACK_TEXT_MAX_LENGTH,
  type UserFeedback,
} from '../../../domain/feedback';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { Textarea } from '../../components/textarea';
import { field, FormErrorSummary, useGovForm } from '../../forms/index';
import { apiPost, HttpError } from '../../lib/api';
import { useUnsavedChangesWarning } from '../../lib/navigation-guard';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { RatingQuestion } from './rating-question';
import { useFocusMainContentWhen } from '../../lib/focus';

export const FEEDBACK_TITLE = 'Help us improve the ESOS Reporting service';

const emptyForm = Object.fromEntries([
  ...feedbackQuestions.flatMap((q) => [
    [q.field, undefined],
    [q.reasonField, ''],
  ]),
  ['improvementSuggestion', ''],
]);

/** The satisfaction survey: six ratings with optional reasons and a suggestion, sent to POST /users/feedback. */
export default function FeedbackPage() {
  usePageTitle(FEEDBACK_TITLE);
  const [sent, setSent] = useState(false);
  const pending = useAnyRequestPending();
  const form = useGovForm({ schema: feedbackSchema, defaultValues: emptyForm });
  const values = form.watch();
  useUnsavedChangesWarning(form.formState.isDirty && !sent);

  const onSubmit = async (feedback: UserFeedback) => {
    try {
      await apiPost('/v1.0/users/feedback', feedback);
    } catch (error) {
      // The API checks the same rules; a refusal names the field it concerns.
      if (error instanceof HttpError && error.status === 400 && error.body?.field) {
        form.setError(error.body.field as keyof UserFeedback, { message: error.body.message });
        return;
      }
      throw error;
    }
    setSent(true);
  };

  useFocusMainContentWhen(sent);

  if (sent) {
    return (
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <Panel title="Feedback sent">Thank you for helping us improve the service.</Panel>
          <p className="govuk-body">
            <Link className="govuk-link" href="/landing">
              Return to the service
            </Link>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <FormErrorSummary form={form} />
        <h1 className="govuk-heading-l">{FEEDBACK_TITLE}</h1>
        <p className="govuk-body">
          Tell us how satisfied you are with each part of the service. It takes about 3 minutes.
        </p>
        {/* An unexpected failure rejects the submit promise and reaches the app's unhandled-error page. */}
        <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
          {feedbackQuestions.map((q) => (
            <RatingQuestion
              key={q.field}
              field={q.field}
              options={q.options}
              rating={form.register(q.field)}
              reason={form.register(q.reasonField)}
              ratingError={form.errorFor(q.field)}
              reasonError={form.errorFor(q.reasonField)}
              rated={values[q.field] !== undefined && values[q.field] !== null}
            />
          ))}
          <Textarea
            {...field(form, 'improvementSuggestion')}
            label="How could we improve this service? (optional)"
            labelClassName="govuk-label--m"
            hint="Do not include any personal or financial information other than what we have asked for, for example your National Insurance number or credit card details."
            maxLength={FEEDBACK_TEXT_MAX_LENGTH}
          />
          <Button pending={pending}>Send feedback</Button>
        </form>
      </div>
    </div>
  );
}
