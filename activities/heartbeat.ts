// Tells Temporal an activity's attempt is alive, so that its heartbeat timeout spots a worker that
// died under it within seconds instead of waiting out the attempt's whole start-to-close timeout.
// Used by the e-mail dispatcher and the published-data build.
import { Context } from '@temporalio/activity';

/** One heartbeat of the current attempt; a no-op outside an activity (a unit test calling it directly). */
export function heartbeat(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // called directly, as the unit tests do
  }
}
