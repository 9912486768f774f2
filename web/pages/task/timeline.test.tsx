// A request's timeline: a progress update cancelled twice and started again keeps its id, so its
// timeline holds three starts' entries; each start is shown apart under its own heading, so the two
// cancellations read as two earlier starts, not as one request cancelled twice.
import { render, screen } from '@testing-library/react';
import { axeViolations } from '../../../test/jsdom-axe';
import { Timeline } from './timeline';

const cancelled = (id: number, day: string) => ({
  id,
  type: 'PROGRESS_UPDATE_1_APPLICATION_CANCELLED',
  submitter: 'Ada Planner',
  creationDate: `2026-03-${day}T10:00:00Z`,
});

it('shows each start of a cancelled and restarted request apart, the current one first', async () => {
  const { container } = render(<Timeline entries={[cancelled(9, '05'), cancelled(4, '01')]} inProgress />);
  expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Third start (the current one)',
    'Second start, cancelled on 5 March 2026 at 10:00',
    'First start, cancelled on 1 March 2026 at 10:00',
  ]);
  expect(screen.getByText('Nothing has happened since it started.')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 4, name: 'Progress Update 1 cancelled by Ada Planner' })).toHaveLength(
    2,
  );
  expect(await axeViolations(container)).toEqual([]);
});

it('keeps a request that was never cancelled as one list', () => {
  render(
    <Timeline
      entries={[
        {
          id: 3,
          type: 'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMITTED',
          submitter: 'Ada Planner',
          creationDate: '2026-03-05T10:00:00Z',
        },
      ]}
      inProgress={false}
    />,
  );
  expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Progress Update 1 submitted by Ada Planner',
  ]);
});
