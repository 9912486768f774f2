// Chasing a list (issue 29): the check page's facts (who, the template, a preview, who was reminded
// already), starting the chase's workflow, and its progress. The sends themselves are the
// workflow's (workflows/compliance-chase.ts, activities/compliance-chases.ts).
import type { AppDeps } from '../deps';
import type { CompetentAuthority } from '../../domain/authorities';
import type { Actor } from '../../domain/request-messages';
import { badRequest, conflict, notFound } from '../errors';
import { complianceListAccounts, complianceReport, reportDueAt, reportDueOn } from './overview';
import { batchOutcomes, startBatch } from './batches';
import {
  CHASE_TEMPLATE,
  COMPLIANCE_CHASE_MAX,
  canChase,
  chaseEmail,
  chaseWorkflowId,
  type ChaseCheck,
  type ChaseOutcome,
  type ChaseProgress,
  type ComplianceList,
} from '../../domain/compliance';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** Shown in the preview where each e-mail names its organisation. */
export const ORGANISATION_PLACEHOLDER = '[organisation name]';

function chaseReport(deps: Deps, list: ComplianceList) {
  const def = complianceReport(list.requestType);
  if (!canChase(list.state))
    throw badRequest('state: only organisations that have not submitted can be sent a reminder', 'state');
  return {
    requestType: def.requestType,
    name: def.name ?? def.title,
    dueOn: reportDueOn(deps.config, def),
    // By the reporting clock, as the overview counts who is overdue.
    duePassed: reportDueAt(deps.config, def) <= deps.config.reporting.now(),
  };
}

export async function chaseCheck(deps: Deps, ca: CompetentAuthority, list: ComplianceList): Promise<ChaseCheck> {
  const report = chaseReport(deps, list);
  const organisations = await complianceListAccounts(deps.db, deps.config, ca, list);
  if (organisations.length > COMPLIANCE_CHASE_MAX)
    throw badRequest(`A reminder can be sent to at most ${COMPLIANCE_CHASE_MAX} organisations at once`);
  const intervalDays = deps.config.complianceChaseIntervalDays;
  const { rows: reminded } = await deps.db.raw<{ rows: { account_id: number; at: Date }[] }>(
    `select c.account_id, max(c.created_at) as at from compliance_reminders c
      where c.account_id = any(?::int[]) and c.type = ? and c.status = 'SENT' and c.created_at > now() - make_interval(days => ?)
      group by c.account_id`,
    [organisations.map((o) => o.accountId), report.requestType, intervalDays],
  );
  const names = new Map(organisations.map((o) => [o.accountId, o.name]));
  const words = chaseEmail(report, ORGANISATION_PLACEHOLDER);
  return {
    list,
    reportName: report.name,
    count: organisations.length - reminded.length,
    remindedAlready: reminded
      .map((r) => ({ accountId: r.account_id, name: names.get(r.account_id) ?? '', at: new Date(r.at).toISOString() }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    intervalDays,
    organisations,
    template: { name: CHASE_TEMPLATE, subject: words.subject, body: words.paragraphs.join('\n\n') },
  };
}

/** Starts a chase of the list, as the check page showed it (`expected` organisations); its id. */
export async function startChase(
  deps: AppDeps,
  ca: CompetentAuthority,
  by: Actor,
  list: ComplianceList,
  expected: number,
): Promise<number> {
  const check = await chaseCheck(deps, ca, list);
  if (check.count !== expected)
    throw conflict(
      'CHASE_LIST_CHANGED',
      'The list has changed since you checked it. Check who will be sent a reminder again.',
    );
  if (check.count === 0) throw badRequest('Every organisation on this list has been sent a reminder already');
  const report = chaseReport(deps, list);
  return startBatch(
    deps,
    'compliance_chases',
    {
      competent_authority: ca,
      request_type: report.requestType,
      list: JSON.stringify(list),
      account_ids: check.organisations.map((o) => o.accountId),
      created_by: by.userId,
      created_by_name: by.fullName,
    },
    (id) => ({
      type: 'complianceChase',
      workflowId: chaseWorkflowId(id),
      args: [{ chaseId: id, by, report, intervalDays: check.intervalDays }],
    }),
  );
}

export async function chaseProgress(db: AppDeps['db'], ca: CompetentAuthority, id: number): Promise<ChaseProgress> {
  const chase = await db('compliance_chases').where({ id, competent_authority: ca }).first();
  if (!chase) throw notFound('Chase not found');
  const { total, counts, rows } = await batchOutcomes<ChaseOutcome, { to_address: string | null }>(
    db,
    { table: 'compliance_reminders', batch: 'chase_id' },
    id,
    chase.account_ids,
    ['SENT', 'NO_CONTACT', 'ALREADY_REMINDED'],
    'o.to_address',
  );
  const def = complianceReport(chase.request_type);
  return {
    id,
    reportName: def.name ?? def.title,
    total,
    counts,
    done: !!chase.completed_at,
    createdAt: new Date(chase.created_at).toISOString(),
    createdBy: chase.created_by_name,
    organisations: rows.map((r) => ({
      accountId: r.id,
      name: r.name,
      outcome: (r.status as ChaseOutcome | null) ?? 'PENDING',
      to: r.to_address,
    })),
  };
}
