import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BackLink } from './back-link';
import { Breadcrumbs } from './breadcrumbs';
import { Details } from './details';
import { ErrorSummary } from './error-summary';
import { InsetText } from './inset-text';
import { MODAL_Z_INDEX, Modal } from './modal';
import { NotificationBanner } from './notification-banner';
import { Panel } from './panel';
import { PhaseBanner } from './phase-banner';
import { SummaryList } from './summary-list';
import { Tag } from './tag';
import { TaskList } from './task-list';
import { TextInput } from './text-input';
import { Radios } from './radios';
import { DateInput } from './date-input';
import { WarningText } from './warning-text';

describe('ErrorSummary', () => {
  const errors = [
    { path: 'email', message: 'Enter a valid email' },
    { path: 'rating', message: 'Select a rating for user registration' },
    { path: 'startDate', message: 'Enter a date' },
  ];

  function Page() {
    return (
      <>
        <ErrorSummary errors={errors} />
        <TextInput name="email" label="Email" errorMessage="Enter a valid email" />
        <Radios name="rating" legend="Rating" items={[{ value: 'a', text: 'A' }]} />
        <DateInput id="startDate" legend="Start" />
      </>
    );
  }

  it('has the heading, links to #l.{path} and receives focus when it appears', () => {
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter a valid email' })).toHaveAttribute('href', '#l.email');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('alert').parentElement).toHaveFocus();
  });

  it.each([
    ['Enter a valid email', 'Email'],
    ['Select a rating for user registration', 'A'],
    ['Enter a date', 'Day'],
  ])('clicking %p focuses the field %p', async (link, label) => {
    render(<Page />);
    await userEvent.click(screen.getByRole('link', { name: link }));
    expect(screen.getByLabelText(label)).toHaveFocus();
  });

  it('renders nothing without errors and refocuses when focusKey changes', () => {
    const { container, rerender } = render(<ErrorSummary errors={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <>
        <ErrorSummary errors={errors} focusKey={1} />
        <button>Other</button>
      </>,
    );
    screen.getByRole('button', { name: 'Other' }).focus();
    rerender(
      <>
        <ErrorSummary errors={errors} focusKey={2} />
        <button>Other</button>
      </>,
    );
    expect(screen.getByRole('alert').parentElement).toHaveFocus();
  });
});

describe('Modal', () => {
  function Page({ closable }: { closable: boolean }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Open</button>
        <Modal open={open} title="Your session will end soon" closable={closable} onClose={() => setOpen(false)}>
          <button onClick={() => setOpen(false)}>Continue</button>
          <button>Sign out</button>
        </Modal>
      </>
    );
  }

  it('is a labelled modal dialog in the z-index range that traps focus and restores it', async () => {
    render(<Page closable />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Your session will end soon' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const z = Number(dialog.style.zIndex);
    expect(z).toBeGreaterThanOrEqual(100000);
    expect(z).toBeLessThanOrEqual(100150);
    expect(MODAL_Z_INDEX.overlay).toBeGreaterThanOrEqual(100000);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('Escape does nothing when not closable', async () => {
    render(<Page closable={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});

describe('NotificationBanner', () => {
  it('success: role alert, success class, default title, heading, focused', () => {
    render(<NotificationBanner type="success" heading="Feedback sent" />);
    const banner = screen.getByRole('alert');
    expect(banner).toHaveClass('govuk-notification-banner govuk-notification-banner--success');
    expect(banner).toHaveAccessibleName('Success');
    expect(screen.getByText('Feedback sent')).toHaveClass('govuk-notification-banner__heading');
    expect(banner).toHaveFocus();
  });

  it('neutral: role region titled Important', () => {
    render(<NotificationBanner title="Important" heading="How your sign in has changed" />);
    const banner = screen.getByRole('region', { name: 'Important' });
    expect(banner).not.toHaveClass('govuk-notification-banner--success');
  });
});

describe('small components', () => {
  it('BackLink defaults to Back', () => {
    render(<BackLink href="/dashboard" />);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveClass('govuk-back-link');
  });

  it('Breadcrumbs mark the last item as current', () => {
    render(<Breadcrumbs items={[{ text: 'Home', href: '/' }, { text: 'Regulator users' }]} />);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('govuk-breadcrumbs__link');
    expect(screen.getByText('Regulator users')).toHaveAttribute('aria-current', 'page');
  });

  it('PhaseBanner with configurable tag colour', () => {
    render(
      <PhaseBanner tag="Beta" tagClassName="govuk-tag--grey">
        This is a new service
      </PhaseBanner>,
    );
    expect(screen.getByText('Beta')).toHaveClass('govuk-tag govuk-phase-banner__content__tag govuk-tag--grey');
    expect(screen.getByText('This is a new service')).toHaveClass('govuk-phase-banner__text');
  });

  it('Tag, Panel, WarningText, InsetText, Details', () => {
    render(
      <>
        <Tag colour="grey">New</Tag>
        <Panel title="Feedback sent">Thank you</Panel>
        <WarningText>You can be fined</WarningText>
        <InsetText>Note</InsetText>
        <Details summary="Help">Text</Details>
      </>,
    );
    expect(screen.getByText('New')).toHaveClass('govuk-tag govuk-tag--grey');
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback sent' })).toHaveClass('govuk-panel__title');
    expect(screen.getByText('You can be fined')).toHaveTextContent('Warning You can be fined');
    expect(screen.getByText('Note')).toHaveClass('govuk-inset-text');
    expect(screen.getByText('Help').closest('details')).toHaveClass('govuk-details');
  });

  it('SummaryList with actions', () => {
    render(
      <SummaryList
        rows={[
          { key: 'Name', value: 'Ann', actions: [{ href: '#name', text: 'Change', visuallyHiddenText: 'name' }] },
          { key: 'Email', value: 'a@b.c' },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Change name' })).toHaveAttribute('href', '#name');
    expect(screen.getByText('Email').parentElement).toHaveClass('govuk-summary-list__row--no-actions');
  });

  it('TaskList shows statuses as tags', () => {
    render(
      <TaskList
        items={[
          { title: 'Contact details', href: '/a', status: 'Completed' },
          { title: 'Energy use', href: '/b', status: 'In progress', hint: 'Total energy' },
          { title: 'Compliance', href: '/c', status: 'Not started' },
          { title: 'Declaration', href: '/d', status: 'Cannot start yet' },
        ]}
      />,
    );
    expect(screen.getByText('Completed')).toHaveClass('govuk-tag');
    expect(screen.getByRole('link', { name: 'Energy use' })).toHaveAccessibleDescription('Total energy In progress');
    expect(screen.getByText('Not started')).toHaveClass('govuk-tag');
    expect(screen.queryByRole('link', { name: 'Declaration' })).toBeNull();
    expect(screen.getByText('Cannot start yet').parentElement).toHaveClass('govuk-task-list__status--cannot-start-yet');
  });
});
