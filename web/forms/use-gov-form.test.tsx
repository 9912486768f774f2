import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { dateValue, maxLengthText, optionalText, requiredValue, email, EMAIL_INVALID } from '../../domain/validation';
import { Button } from '../components/button';
import { DateInput } from '../components/date-input';
import { Radios } from '../components/radios';
import { TextInput } from '../components/text-input';
import { Textarea } from '../components/textarea';
import { usePageTitle } from '../lib/page-title';
import { FormErrorSummary } from './form-error-summary';
import { field, flattenErrors, orderErrors, registerDate, schemaFieldOrder, useGovForm } from './use-gov-form';

const schema = v.object({
  email: v.pipe(v.string(), requiredValue('Enter your email address'), email()),
  rating: v.pipe(v.nullish(v.string()), requiredValue('Select a rating for user registration')),
  startDate: dateValue({ required: true }),
  reason: v.pipe(optionalText(), maxLengthText(10)),
});

function FeedbackLike({
  onValid,
  validateOn,
}: {
  onValid: (values: unknown) => void;
  validateOn?: 'submit' | 'touched';
}) {
  usePageTitle('Feedback');
  const form = useGovForm({
    schema,
    validateOn,
    defaultValues: { email: '', rating: null, startDate: { day: '', month: '', year: '' }, reason: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormErrorSummary form={form} />
      <TextInput label="Email" {...field(form, 'email')} />
      <Radios
        legend="Rating"
        items={[
          { value: 'SATISFIED', text: 'Satisfied' },
          { value: 'DISSATISFIED', text: 'Dissatisfied' },
        ]}
        {...field(form, 'rating')}
      />
      <DateInput id="startDate" legend="Start date" {...registerDate(form, 'startDate')} />
      <Textarea label="Reason" maxLength={10} {...field(form, 'reason')} />
      <Button>Send</Button>
    </form>
  );
}

describe('useGovForm', () => {
  it('submit-based: no errors before submit; after submit the summary lists errors in field order, is focused and the title has Error:', async () => {
    const onValid = jest.fn();
    render(<FeedbackLike onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Email'), 'bad');
    await userEvent.tab();
    expect(screen.queryByText('There is a problem')).toBeNull();
    expect(document.title).toBe('Feedback - Manage your ESOS reporting - GOV.UK');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).not.toHaveBeenCalled();
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      [EMAIL_INVALID, '#l.email'],
      ['Select a rating for user registration', '#l.rating'],
      ['Enter a date', '#l.startDate'],
    ]);
    await waitFor(() => expect(screen.getByRole('alert').parentElement).toHaveFocus());
    expect(document.title).toBe('Error: Feedback - Manage your ESOS reporting - GOV.UK');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(`Error: ${EMAIL_INVALID}`);

    await userEvent.click(screen.getByRole('link', { name: 'Select a rating for user registration' }));
    expect(screen.getByLabelText('Satisfied')).toHaveFocus();

    // Errors update on change once submitted.
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.com');
    expect(screen.queryByRole('link', { name: EMAIL_INVALID })).toBeNull();
    await userEvent.click(screen.getByLabelText('Satisfied'));
    await userEvent.type(screen.getByLabelText('Day'), '29');
    await userEvent.type(screen.getByLabelText('Month'), '2');
    await userEvent.type(screen.getByLabelText('Year'), '2023');
    expect(screen.getByRole('link', { name: 'Enter a real date' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Year'));
    await userEvent.type(screen.getByLabelText('Year'), '2024');
    expect(screen.queryByText('There is a problem')).toBeNull();
    expect(document.title).toBe('Feedback - Manage your ESOS reporting - GOV.UK');

    await userEvent.type(screen.getByLabelText('Reason'), '  why  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0][0]).toEqual({
      email: 'a@b.com',
      rating: 'SATISFIED',
      startDate: { day: '29', month: '2', year: '2024' },
      reason: 'why',
    });
  });

  it('touch-based: a field error shows after leaving the field', async () => {
    render(<FeedbackLike onValid={jest.fn()} validateOn="touched" />);
    await userEvent.type(screen.getByLabelText('Email'), 'bad');
    await userEvent.tab();
    expect(await screen.findByText(EMAIL_INVALID)).toHaveClass('govuk-error-message');
    expect(document.title).toBe('Error: Feedback - Manage your ESOS reporting - GOV.UK');
    expect(screen.queryByText('There is a problem')).toBeNull();
  });
});

describe('error helpers', () => {
  it('flattens nested errors and orders them by the schema', () => {
    const errors = {
      reason: { type: 'check', message: 'Too long' },
      ratings: [undefined, { why: { type: 'check', message: 'Why?' } }],
      email: { type: 'check', message: 'Enter a valid email' },
    };
    const flat = flattenErrors(errors as never);
    expect(flat).toEqual([
      { path: 'reason', message: 'Too long' },
      { path: 'ratings.1.why', message: 'Why?' },
      { path: 'email', message: 'Enter a valid email' },
    ]);
    const order = schemaFieldOrder(
      v.object({ email: v.string(), ratings: v.array(v.object({ why: v.string() })), reason: v.string() }),
    );
    expect(order).toEqual(['email', 'ratings', 'ratings.#.why', 'reason']);
    expect(orderErrors(flat, order).map((e) => e.path)).toEqual(['email', 'ratings.1.why', 'reason']);
  });
});
