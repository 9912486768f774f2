import { longDate, SCHEME_DATES } from './scheme-dates';
import { actionPlanProcess } from '../processes/action-plan/process';
import { progressUpdate1Process } from '../processes/progress-update-1/process';
import { progressUpdate2Process } from '../processes/progress-update-2/process';

it('keeps the published phase 3 dates: action plan 5 December 2024 (accepted until 5 March 2025), progress updates 5 December 2025 and 2026', () => {
  expect(actionPlanProcess.dueDate).toMatchObject({ date: '2024-12-05' });
  expect(longDate(SCHEME_DATES.actionPlanAcceptedUntil)).toBe('5 March 2025');
  expect(progressUpdate1Process.dueDate).toMatchObject({ date: '2025-12-05' });
  expect(progressUpdate2Process.dueDate).toMatchObject({ date: '2026-12-05' });
});
