// The site visit's task page (process.ts names it 'visit-form'): what the operator found, submitted;
// then the task page shows the outcome.
import { Button, Textarea } from '../../../../web/components';
import { field, FormErrorSummary, useGovForm } from '../../../../web/forms';
import { actionErrors, AtTop, formActions, transition, type TaskFormProps } from '../../../../web/pages/task/task-page';
import { siteVisitSchema } from '../process';

export default function VisitForm({ view, show, errorSummarySlot }: TaskFormProps) {
  const { submit } = formActions(view);
  const form = useGovForm({ schema: siteVisitSchema, defaultValues: { findings: '' } });
  const onSubmit = async (payload: { findings: string }) => {
    try {
      await transition(view, submit!, payload);
    } catch (err) {
      for (const e of actionErrors(err)) form.setError('findings', { message: e.message });
      return;
    }
    show({ title: 'Site visit submitted', content: <p className="govuk-body">Your record has been submitted.</p> });
  };
  return (
    <>
      <AtTop slot={errorSummarySlot}>
        <FormErrorSummary form={form} />
      </AtTop>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <Textarea {...field(form, 'findings')} label="What did you find?" labelClassName="govuk-label--m" />
        <Button>Submit the site visit</Button>
      </form>
    </>
  );
}
