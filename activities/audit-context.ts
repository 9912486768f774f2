// The audit context an activity runs in (infra/audit.ts): source `workflow`, via the workflow that
// scheduled it, and the acting user when the activity's argument names one — the user who sent the
// update or signal, carried into the activity as `submitter`/`actor`/`by` (an Actor, with the API
// caller's address in `audit`) or `submittedBy` (a user id), or the submitter of the timeline entry
// it writes (`timeline`). Without one, the change is the system's.
import { Context } from '@temporalio/activity';
import { runWithAuditContext, type AuditContext } from '../infra/audit';
import type { Actor } from '../domain/request-messages';

function actorIn(arg: unknown): Partial<Actor> | null {
  if (!arg || typeof arg !== 'object') return null;
  const a = arg as Record<string, unknown>;
  for (const key of ['submitter', 'actor', 'by']) {
    const v = a[key] as Partial<Actor> | null | undefined;
    if (v && typeof v === 'object' && typeof v.userId === 'string') return v;
  }
  if (typeof a.submittedBy === 'string') return { userId: a.submittedBy };
  // A write that records a timeline entry with it (a task closed by a transition): its submitter.
  if (a.timeline) return actorIn(a.timeline);
  return null;
}

function via(name: string): string {
  try {
    const info = Context.current().info;
    return `${info.workflowType ?? 'workflow'} ${info.workflowExecution?.workflowId ?? ''}: ${name}`.slice(0, 300);
  } catch {
    return name; // called outside an activity (tests)
  }
}

export function activityAuditContext(name: string, arg: unknown): AuditContext {
  const actor = actorIn(arg);
  return {
    source: 'workflow',
    via: via(name),
    ...(actor?.userId ? { userId: actor.userId } : {}),
    ...(actor?.fullName ? { name: actor.fullName } : {}),
    ...(actor?.audit?.address ? { address: actor.audit.address } : {}),
    ...(actor?.audit?.roleType ? { roleType: actor.audit.roleType } : {}),
  };
}

/** The same activities, each run inside its audit context. */
export function withAuditContext<T extends Record<string, (...args: any[]) => Promise<any>>>(activities: T): T {
  const wrapped: Record<string, (...args: any[]) => Promise<any>> = {};
  for (const [name, fn] of Object.entries(activities)) {
    wrapped[name] = (...args: any[]) => runWithAuditContext(activityAuditContext(name, args[0]), () => fn(...args));
  }
  return wrapped as T;
}
