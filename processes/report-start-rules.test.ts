// 'Start a new task' for the action plan and the progress updates (reference workflows §5): each
// rule, in the order the reference evaluates them, and who may start without the report before.
import { actionPlanProcess } from './action-plan/process';
import { progressUpdate1Process } from './progress-update-1/process';
import { progressUpdate2Process } from './progress-update-2/process';
import type { Availability, ProcessDefinition, StartFacts } from '../domain/process-definition';

const AP = 'ACTION_PLAN_P3';
const PU1 = 'PROGRESS_UPDATE_1_P3';
const PU2 = 'PROGRESS_UPDATE_2_P3';
const rule = (def: ProcessDefinition, statuses: StartFacts['statuses'], inWindow = true): Availability =>
  def.create!.rule!({ statuses, inWindow });
const admits = (def: ProcessDefinition, disaggregated: boolean, availability: Availability) =>
  def.create!.admits!({ isDisaggregateUndertaking: disaggregated }, availability);

const NOC = 'NOTIFICATION_OF_COMPLIANCE_P3';
const notified = { [NOC]: 'COMPLETED' };

describe('action plan', () => {
  it.each([
    [notified, true, { valid: true }],
    [{ ...notified, [AP]: 'CANCELLED' }, true, { valid: true }],
    [{ ...notified, [AP]: 'IN_PROGRESS' }, true, { valid: false, requests: [AP] }],
    [{ ...notified, [AP]: 'COMPLETED' }, true, { valid: false, requests: [AP] }],
    // No notification is needed (reference details §G): an undertaking that left its group reports on its own account.
    [{}, true, { valid: true }],
    [{ [NOC]: 'IN_PROGRESS' }, true, { valid: true }],
    // A progress update under way closes the action plan, with no reason given.
    [{ ...notified, [PU1]: 'IN_PROGRESS' }, true, { valid: false }],
    [{ ...notified, [PU1]: 'COMPLETED' }, true, { valid: false }],
    [{ ...notified, [PU1]: 'CANCELLED' }, true, { valid: true }],
    [notified, false, { valid: false }],
    // Its own state first, then the window.
    [{ [AP]: 'COMPLETED' }, false, { valid: false, requests: [AP] }],
    [{}, false, { valid: false }],
  ])('%j in window %s: %j', (statuses, inWindow, expected) => {
    expect(rule(actionPlanProcess, statuses, inWindow)).toEqual(expected);
  });
});

describe('progress update 1', () => {
  it.each([
    [{ [AP]: 'COMPLETED' }, true, { valid: true }],
    [{ [AP]: 'COMPLETED', [PU1]: 'CANCELLED' }, true, { valid: true }],
    [{ [AP]: 'COMPLETED', [PU1]: 'IN_PROGRESS' }, true, { valid: false, requests: [PU1] }],
    [{ [AP]: 'COMPLETED', [PU1]: 'COMPLETED' }, false, { valid: false, requests: [PU1] }],
    [{ [AP]: 'COMPLETED' }, false, { valid: false }],
    [{ [AP]: 'IN_PROGRESS' }, true, { valid: false, requests: [AP] }],
    [{ [AP]: 'COMPLETED', [PU2]: 'IN_PROGRESS' }, true, { valid: false, requests: [PU2] }],
    [{ [PU2]: 'COMPLETED' }, true, { valid: false, requests: [PU2] }],
    // No action plan (or a cancelled one): only a disaggregated undertaking may start it.
    [{}, true, { valid: true, requests: [AP] }],
    [{ [AP]: 'CANCELLED' }, true, { valid: true, requests: [AP] }],
  ])('%j in window %s: %j', (statuses, inWindow, expected) => {
    expect(rule(progressUpdate1Process, statuses, inWindow)).toEqual(expected);
  });

  it('starts without an action plan only as a disaggregated undertaking; with one, either way', () => {
    expect(admits(progressUpdate1Process, false, { valid: true, requests: [AP] })).toBe(false);
    expect(admits(progressUpdate1Process, true, { valid: true, requests: [AP] })).toBe(true);
    expect(admits(progressUpdate1Process, false, { valid: true })).toBe(true);
    expect(admits(progressUpdate1Process, true, { valid: true })).toBe(true);
  });
});

describe('progress update 2', () => {
  it.each([
    [{ [AP]: 'COMPLETED', [PU1]: 'COMPLETED' }, true, { valid: true }],
    [{ [AP]: 'COMPLETED', [PU1]: 'COMPLETED', [PU2]: 'CANCELLED' }, true, { valid: true }],
    [{ [AP]: 'COMPLETED', [PU1]: 'COMPLETED', [PU2]: 'IN_PROGRESS' }, true, { valid: false, requests: [PU2] }],
    [{ [PU2]: 'COMPLETED' }, false, { valid: false, requests: [PU2] }],
    [{ [AP]: 'COMPLETED', [PU1]: 'COMPLETED' }, false, { valid: false }],
    [{ [AP]: 'IN_PROGRESS' }, true, { valid: false, requests: [PU1] }],
    [{ [AP]: 'COMPLETED', [PU1]: 'IN_PROGRESS' }, true, { valid: false, requests: [PU1] }],
    [{ [PU1]: 'IN_PROGRESS' }, true, { valid: false, requests: [PU1] }],
    // A submitted action plan without progress update 1 waits for it.
    [{ [AP]: 'COMPLETED' }, true, { valid: false, requests: [PU1] }],
    [{ [AP]: 'COMPLETED', [PU1]: 'CANCELLED' }, true, { valid: false, requests: [PU1] }],
    // Nothing before it: a disaggregated undertaking only.
    [{}, true, { valid: true, requests: [PU1] }],
    [{ [AP]: 'CANCELLED', [PU1]: 'CANCELLED' }, true, { valid: true, requests: [PU1] }],
    // Progress update 1 of a disaggregated undertaking, no action plan: it starts from that.
    [{ [PU1]: 'COMPLETED' }, true, { valid: true, requests: [AP] }],
  ])('%j in window %s: %j', (statuses, inWindow, expected) => {
    expect(rule(progressUpdate2Process, statuses, inWindow)).toEqual(expected);
  });

  it('starts without progress update 1 only as a disaggregated undertaking', () => {
    expect(admits(progressUpdate2Process, false, { valid: true, requests: [PU1] })).toBe(false);
    expect(admits(progressUpdate2Process, true, { valid: true, requests: [PU1] })).toBe(true);
    expect(admits(progressUpdate2Process, false, { valid: true, requests: [AP] })).toBe(true);
  });
});

describe('re-initiate', () => {
  it('is blocked for the action plan by progress update 1, for update 1 by update 2, never for update 2', () => {
    expect(actionPlanProcess.reinitiate!.blockedBy!({ [PU1]: 'IN_PROGRESS' })).toBe(true);
    expect(actionPlanProcess.reinitiate!.blockedBy!({ [PU1]: 'COMPLETED' })).toBe(true);
    expect(actionPlanProcess.reinitiate!.blockedBy!({ [PU1]: 'CANCELLED' })).toBe(false);
    expect(progressUpdate1Process.reinitiate!.blockedBy!({ [PU2]: 'IN_PROGRESS' })).toBe(true);
    expect(progressUpdate1Process.reinitiate!.blockedBy!({ [PU2]: 'CANCELLED' })).toBe(false);
    expect((progressUpdate2Process.reinitiate as { blockedBy?: unknown }).blockedBy).toBeUndefined();
  });
});
