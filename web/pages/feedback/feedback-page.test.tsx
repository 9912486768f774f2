import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { feedbackMessages } from '../../../domain/feedback';
import { useGuardedLocation, UNSAVED_CHANGES_MESSAGE, guardedNavigate } from '../../lib/navigation-guard';
import { testResponse, type TestResponse } from '../../../test/web/responses';
import FeedbackPage from './feedback-page';

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  window.history.replaceState(null, '', '/feedback');
});

function renderPage() {
  return render(
    <Router hook={useGuardedLocation}>
      <FeedbackPage />
    </Router>,
  );
}

const questions = [
  'How satisfied are you with user registration?',
  'How satisfied are you with online guidance and communication?',
  'How satisfied are you with claiming an account?',
  'How satisfied are you with on-boarding, identity and security checks?',
  'How satisfied are you with viewing, searching and responding to tasks?',
  'Overall, how satisfied are you with this service so far?',
];

async function rateAll(user: ReturnType<typeof userEvent.setup>) {
  for (const question of questions) {
    await user.click(within(screen.getByRole('group', { name: question })).getByLabelText('Satisfied'));
  }
}

describe('the feedback page', () => {
  it('has the title, six ratings (five options for the first and last, six for the others) and disabled reasons', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Help us improve the ESOS Reporting service' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Help us improve the ESOS Reporting service - Manage your ESOS reporting - GOV.UK');
    const counts = questions.map((q) => within(screen.getByRole('group', { name: q })).getAllByRole('radio').length);
    expect(counts).toEqual([5, 6, 6, 6, 6, 5]);
    expect(
      within(screen.getByRole('group', { name: questions[1] })).getByLabelText('Not applicable or not used yet'),
    ).toBeInTheDocument();
    const reasons = screen.getAllByLabelText('Why did you give this rating? (optional)');
    expect(reasons).toHaveLength(6);
    for (const reason of reasons) expect(reason).toBeDisabled();
    expect(screen.getByText(/Do not include any personal or financial information/)).toBeInTheDocument();
  });

  it('enables a reason once its rating is chosen, and counts characters from 99% of 1200', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(screen.getByRole('group', { name: questions[2] })).getByLabelText('Dissatisfied'));
    const reasons = screen.getAllByLabelText('Why did you give this rating? (optional)');
    expect(reasons.map((r) => (r as HTMLTextAreaElement).disabled)).toEqual([true, true, false, true, true, true]);
    await user.click(reasons[2]);
    await user.paste('x'.repeat(1188));
    expect(screen.getAllByTestId('character-count-status')[2]).toHaveTextContent('You have 12 characters remaining');
    await user.paste('x'.repeat(13));
    expect(screen.getAllByTestId('character-count-status')[2]).toHaveTextContent('You have 1 character too many');
  });

  it('on an invalid submit shows every rating message in the summary, prefixes the title and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('There is a problem')).toBeInTheDocument();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(Object.values(feedbackMessages));
    expect(within(summary).getByRole('link', { name: feedbackMessages.tasksRate })).toHaveAttribute(
      'href',
      '#l.tasksRate',
    );
    expect(document.title).toBe(
      'Error: Help us improve the ESOS Reporting service - Manage your ESOS reporting - GOV.UK',
    );
    await user.click(within(summary).getByRole('link', { name: feedbackMessages.onBoardingRate }));
    expect(document.activeElement).toBe(
      within(screen.getByRole('group', { name: questions[3] })).getAllByRole('radio')[0],
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the payload with trimmed reasons (blank as null) and shows the Feedback sent panel', async () => {
    fetchMock.mockResolvedValue(testResponse(204));
    const user = userEvent.setup();
    renderPage();
    await rateAll(user);
    await user.type(screen.getAllByLabelText('Why did you give this rating? (optional)')[0], '  Quick to register  ');
    await user.type(screen.getByLabelText('How could we improve this service? (optional)'), 'More examples');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('heading', { name: 'Feedback sent' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1.0/users/feedback');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      userRegistrationRate: 'SATISFIED',
      userRegistrationRateReason: 'Quick to register',
      onlineGuidanceRate: 'SATISFIED',
      onlineGuidanceRateReason: null,
      creatingAccountRate: 'SATISFIED',
      creatingAccountRateReason: null,
      onBoardingRate: 'SATISFIED',
      onBoardingRateReason: null,
      tasksRate: 'SATISFIED',
      tasksRateReason: null,
      satisfactionRate: 'SATISFIED',
      satisfactionRateReason: null,
      improvementSuggestion: 'More examples',
    });
  });

  it('disables the send button while the request is pending', async () => {
    let answer: (res: TestResponse) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<TestResponse>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderPage();
    await rateAll(user);
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send feedback' })).toBeDisabled());
    answer(testResponse(204));
    expect(await screen.findByRole('heading', { name: 'Feedback sent' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and stays when the user cancels', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderPage();
    expect(guardedNavigate('/landing')).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/feedback');
    await user.click(within(screen.getByRole('group', { name: questions[0] })).getByLabelText('Satisfied'));
    expect(guardedNavigate('/landing')).toBe(false);
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    expect(window.location.pathname).toBe('/feedback');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    confirm.mockRestore();
  });
});
