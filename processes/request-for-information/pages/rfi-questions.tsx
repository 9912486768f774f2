// The questions and the deadline of a request for information, as the regulator writes them for one
// organisation (its task) or for a list's organisations (a batch).
import { DateInput, Textarea } from '../../../web/components';
import { field, registerDate, type GovForm } from '../../../web/forms';
import { RFI_TEXT_MAX_LENGTH, type rfiSubmitSchema } from '../request';

export function RfiQuestions({
  form,
  recipients,
}: {
  form: GovForm<typeof rfiSubmitSchema>;
  recipients: "The organisation's" | "The organisations'";
}) {
  return (
    <>
      <Textarea
        {...field(form, 'questions')}
        label="What information do you need?"
        labelClassName="govuk-label--m"
        hint={`${recipients} administrators will see this and respond by the deadline`}
        maxLength={RFI_TEXT_MAX_LENGTH}
      />
      <DateInput
        id="deadline"
        legend="Deadline for the response"
        legendClassName="govuk-fieldset__legend--m"
        hint="A date in the future. For example, 27 3 2027"
        {...registerDate(form, 'deadline')}
      />
    </>
  );
}
