// The bench's Temporal floor (scripts/bench/journeys.ts): a journey's messages and nothing else. Started by
// update-with-start and moved by three updates, as the engine's two-step journey is (start, submit,
// assign, decide), but with no activity, no database and no API: what the Temporal server and the
// SDK cost for that pattern on the machine, so our journey can be read as a ratio of it.
import { allHandlersFinished, condition, defineUpdate, setHandler } from '@temporalio/workflow';

/** One step of the bare journey; answers how many steps have been taken. */
export const bareStepUpdate = defineUpdate<number, []>('bareStep');

/** The start's update and three more, as many as the engine's journey takes. */
export const BARE_JOURNEY_STEPS = 4;

export async function bareJourney(): Promise<number> {
  let steps = 0;
  setHandler(bareStepUpdate, () => ++steps);
  await condition(() => steps >= BARE_JOURNEY_STEPS);
  await condition(allHandlersFinished);
  return steps;
}
