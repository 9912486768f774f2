import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Button } from './button';
import { Checkboxes } from './checkboxes';
import { DateInput } from './date-input';
import { MonthSelect } from './month-select';
import { MONTHS } from '../../domain/validation';
import { ErrorMessage } from './error-message';
import { Radios } from './radios';
import { Select } from './select';
import { TextInput } from './text-input';
import { Textarea, characterCountMessage, isOverCountThreshold } from './textarea';

describe('Button', () => {
  it('is a submit button by default and is disabled while pending', () => {
    const { rerender } = render(<Button>Continue</Button>);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveClass('govuk-button');
    expect(button).toBeEnabled();
    rerender(<Button pending>Continue</Button>);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('renders variants and a link styled as a button', () => {
    render(
      <>
        <Button variant="secondary" type="button">
          Cancel
        </Button>
        <Button href="/start" isStart>
          Start now
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveClass('govuk-button govuk-button--secondary');
    const link = screen.getByRole('button', { name: 'Start now' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/start');
    expect(link).toHaveClass('govuk-button--start');
  });
});

describe('ErrorMessage', () => {
  it('has the visually hidden Error: prefix', () => {
    const { container } = render(<ErrorMessage id="x-error">Enter a date</ErrorMessage>);
    expect(container.innerHTML).toBe(
      '<p id="x-error" class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> Enter a date</p>',
    );
  });
});

describe('TextInput', () => {
  it('ties label, hint and error to the input and marks the group', () => {
    render(
      <TextInput name="email" label="Email address" hint="We will not share it" errorMessage="Enter a valid email" />,
    );
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveAttribute('id', 'email');
    expect(input).toHaveClass('govuk-input govuk-input--error');
    expect(input).toHaveAttribute('aria-describedby', 'email-hint email-error');
    expect(input.closest('.govuk-form-group')).toHaveClass('govuk-form-group--error');
    expect(input.closest('.govuk-form-group')).toHaveAttribute('id', 'l.email');
    expect(input).toHaveAccessibleDescription('We will not share it Error: Enter a valid email');
  });

  it('works with react-hook-form register', async () => {
    let values: unknown;
    function Form() {
      const { register, handleSubmit } = useForm<{ name: string }>({ defaultValues: { name: 'Ann' } });
      return (
        <form onSubmit={handleSubmit((v) => (values = v))}>
          <TextInput label="Name" {...register('name')} />
          <Button>Save</Button>
        </form>
      );
    }
    render(<Form />);
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
    await userEvent.type(screen.getByLabelText('Name'), 'e');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(values).toEqual({ name: 'Anne' });
  });
});

describe('Select', () => {
  it('renders options with disabled ones', () => {
    render(
      <Select
        name="sort"
        label="Sort by"
        options={[
          { value: '', text: 'Choose', disabled: true },
          { value: 'a', text: 'A' },
        ]}
        defaultValue="a"
      />,
    );
    const select = screen.getByLabelText('Sort by');
    expect(select).toHaveClass('govuk-select');
    expect(select).toHaveValue('a');
    expect(screen.getByRole('option', { name: 'Choose' })).toBeDisabled();
  });
});

describe('Radios', () => {
  const items = [
    { value: 'yes', text: 'Yes', conditional: <p>More about yes</p> },
    { value: 'no', text: 'No', hint: 'Not now' },
  ];

  it.each([
    [undefined, false],
    ['large' as const, false],
    ['medium' as const, true],
  ])('size %p -> govuk-radios--small %p', (size, small) => {
    const { container } = render(<Radios name="answer" legend="Answer" items={items} size={size} />);
    expect(container.querySelector('.govuk-radios')!.classList.contains('govuk-radios--small')).toBe(small);
  });

  it('uses a fieldset, govuk ids and reveals conditional content', async () => {
    render(<Radios name="answer" legend="Answer" items={items} errorMessage="Select an answer" />);
    expect(screen.getByRole('group', { name: 'Answer' }).tagName).toBe('FIELDSET');
    expect(screen.getByLabelText('Yes')).toHaveAttribute('id', 'answer');
    expect(screen.getByLabelText('No')).toHaveAttribute('id', 'answer-2');
    expect(screen.getByLabelText('No')).toHaveAccessibleDescription('Not now');
    expect(screen.queryByText('More about yes')).toBeNull();
    await userEvent.click(screen.getByLabelText('Yes'));
    expect(screen.getByText('More about yes')).toBeInTheDocument();
  });

  it('works with register', async () => {
    let values: unknown;
    function Form() {
      const { register, handleSubmit } = useForm<{ answer: string }>({ defaultValues: { answer: 'no' } });
      return (
        <form onSubmit={handleSubmit((v) => (values = v))}>
          <Radios legend="Answer" items={items} {...register('answer')} />
          <Button>Save</Button>
        </form>
      );
    }
    render(<Form />);
    expect(screen.getByLabelText('No')).toBeChecked();
    await userEvent.click(screen.getByLabelText('Yes'));
    expect(screen.getByText('More about yes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(values).toEqual({ answer: 'yes' });
  });
});

describe('Checkboxes', () => {
  it('a single checkbox without value gives a boolean with register', async () => {
    let values: unknown;
    function Form() {
      const { register, handleSubmit } = useForm<{ accept: boolean }>({ defaultValues: { accept: false } });
      return (
        <form onSubmit={handleSubmit((v) => (values = v))}>
          <Checkboxes
            items={[{ text: 'I have read, understood and accept the terms and conditions' }]}
            {...register('accept')}
          />
          <Button>Accept and continue</Button>
        </form>
      );
    }
    render(<Form />);
    const box = screen.getByLabelText('I have read, understood and accept the terms and conditions');
    expect(box).toHaveAttribute('id', 'accept');
    expect(box).not.toHaveAttribute('value');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(values).toEqual({ accept: true });
  });

  it('several checkboxes give the checked values, medium size', async () => {
    let values: unknown;
    function Form() {
      const { register, handleSubmit } = useForm<{ colours: string[] }>({ defaultValues: { colours: [] } });
      return (
        <form onSubmit={handleSubmit((v) => (values = v))}>
          <Checkboxes
            legend="Colours"
            size="medium"
            items={[
              { value: 'red', text: 'Red' },
              { value: 'blue', text: 'Blue' },
            ]}
            {...register('colours')}
          />
          <Button>Save</Button>
        </form>
      );
    }
    const { container } = render(<Form />);
    expect(container.querySelector('.govuk-checkboxes')).toHaveClass('govuk-checkboxes--small');
    await userEvent.click(screen.getByLabelText('Blue'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(values).toEqual({ colours: ['blue'] });
  });
});

describe('DateInput', () => {
  it('renders day, month and year with govuk names, ids and widths in a group fieldset', () => {
    render(
      <DateInput
        id="startDate"
        namePrefix="startDate"
        legend="Start date"
        hint="For example, 27 3 2007"
        errorMessage="Enter a full date"
        errorParts={['year']}
      />,
    );
    const group = screen.getByRole('group', { name: 'Start date' });
    expect(group).toHaveAttribute('aria-describedby', 'startDate-hint startDate-error');
    expect(screen.getByLabelText('Day')).toHaveAttribute('name', 'startDate-day');
    expect(screen.getByLabelText('Month')).toHaveAttribute('name', 'startDate-month');
    expect(screen.getByLabelText('Year')).toHaveAttribute('name', 'startDate-year');
    expect(screen.getByLabelText('Day')).toHaveAttribute('id', 'startDate-day');
    expect(screen.getByLabelText('Day')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Day')).toHaveClass('govuk-input--width-2');
    expect(screen.getByLabelText('Year')).toHaveClass('govuk-input--width-4 govuk-input--error');
    expect(screen.getByLabelText('Day')).not.toHaveClass('govuk-input--error');
    expect(group.closest('.govuk-form-group')).toHaveAttribute('id', 'l.startDate');
  });

  it('names without prefix are day, month, year; register props name the inputs', () => {
    function Form() {
      const { register } = useForm<{ d: { day: string; month: string; year: string } }>();
      return (
        <DateInput id="d" legend="Date" day={register('d.day')} month={register('d.month')} year={register('d.year')} />
      );
    }
    render(
      <>
        <DateInput id="plain" legend="Plain" />
        <Form />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Plain' }).querySelector('input')).toHaveAttribute('name', 'day');
    const names = Array.from(screen.getByRole('group', { name: 'Date' }).querySelectorAll('input')).map((i) => i.name);
    expect(names).toEqual(['d.day', 'd.month', 'd.year']);
  });
});

describe('MonthSelect', () => {
  it('offers the 12 months and the given years in a group fieldset, and hands register the chosen values', async () => {
    let values: unknown;
    function Form() {
      const { register, handleSubmit } = useForm<{ d: { month: string; year: string } }>();
      return (
        <form onSubmit={handleSubmit((v) => (values = v))}>
          <MonthSelect
            id="d"
            name="measure.date"
            legend="When was it implemented?"
            hint="For example, March 2025"
            errorMessage="Select a month"
            month={register('d.month')}
            year={register('d.year')}
            years={[2024, 2025]}
          />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    const group = screen.getByRole('group', { name: 'When was it implemented?' });
    expect(group).toHaveAttribute('aria-describedby', 'd-hint d-error');
    expect(group.closest('.govuk-form-group')).toHaveAttribute('id', 'l.measure.date');
    const month = screen.getByLabelText('Month');
    expect(Array.from((month as HTMLSelectElement).options).map((o) => o.text)).toEqual(['Month', ...MONTHS]);
    expect(month).toHaveClass('govuk-select govuk-select--error');
    await userEvent.selectOptions(month, 'March');
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2025');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(values).toEqual({ d: { month: '3', year: '2025' } });
  });
});

describe('Textarea with character count', () => {
  it.each([
    [1187, 1200, false],
    [1188, 1200, true],
    [1200, 1200, true],
    [98, 100, false],
    [99, 100, true],
  ])('%p of %p characters: shown %p (99%% threshold)', (length, max, shown) => {
    expect(isOverCountThreshold(length, max)).toBe(shown);
  });

  it.each([
    [1199, 1200, 'You have 1 character remaining'],
    [1198, 1200, 'You have 2 characters remaining'],
    [1200, 1200, 'You have 0 characters remaining'],
    [1201, 1200, 'You have 1 character too many'],
    [1205, 1200, 'You have 5 characters too many'],
  ])('%p of %p -> %p', (length, max, text) => {
    expect(characterCountMessage(length, max)).toBe(text);
  });

  it('shows the count from 99% in an aria-live region, error style over the limit', async () => {
    const { container } = render(
      <Textarea
        name="reason"
        label="Why did you give this rating? (optional)"
        maxLength={100}
        defaultValue={'a'.repeat(97)}
      />,
    );
    const textarea = screen.getByLabelText('Why did you give this rating? (optional)');
    expect(textarea).toHaveAttribute('rows', '5');
    expect(textarea).not.toHaveAttribute('maxlength');
    expect(textarea).toHaveAccessibleDescription('You can enter up to 100 characters');
    const status = screen.getByTestId('character-count-status');
    const live = container.querySelector('[aria-live="polite"]')!;
    expect(status).toHaveClass('govuk-character-count__message--disabled');
    expect(status).toHaveTextContent('');
    expect(live).toHaveAttribute('aria-hidden', 'true');

    await userEvent.type(textarea, 'bb');
    expect(status).not.toHaveClass('govuk-character-count__message--disabled');
    expect(status).toHaveTextContent('You have 1 character remaining');
    expect(live).toHaveTextContent('You have 1 character remaining');
    expect(live).not.toHaveAttribute('aria-hidden');

    await userEvent.type(textarea, 'ccc');
    expect(status).toHaveTextContent('You have 2 characters too many');
    expect(status).toHaveClass('govuk-error-message');
    expect(textarea).toHaveClass('govuk-textarea--error');
  });

  it('counts values set by react-hook-form reset', async () => {
    function Form() {
      const { register, reset } = useForm<{ text: string }>({ defaultValues: { text: '' } });
      return (
        <>
          <Textarea label="Text" maxLength={10} {...register('text')} />
          <button type="button" onClick={() => reset({ text: 'abcdefghij' })}>
            Fill
          </button>
        </>
      );
    }
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect(screen.getByTestId('character-count-status')).toHaveTextContent('You have 0 characters remaining');
  });

  it('plain textarea has rows 5 and no count', () => {
    const { container } = render(<Textarea name="notes" label="Notes" />);
    expect(screen.getByLabelText('Notes')).toHaveAttribute('rows', '5');
    expect(container.querySelector('.govuk-character-count')).toBeNull();
  });
});
