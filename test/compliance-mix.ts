// A mix of report states for the compliance overview's tests and bench: `count` live accounts of one
// competent authority, each with a primary contact, whose requests of the four reports are
// submitted, in progress, overdue (an open task due before the clock), in progress with a due date
// moved past the clock, cancelled or absent, by a fixed rule of the account's position — so a test
// knows each account's state without asking the service. Written in bulk (a few statements per 500
// accounts), as workflows' activities would have left them.
import { randomUUID } from 'node:crypto';
import type { Db } from '../infra/db';
import type { CompetentAuthority } from '../domain/authorities';
import { requestIdOf } from '../domain/process-registry';
import {
  ACTION_PLAN,
  ACTION_PLAN_SUBMIT,
  NOTIFICATION,
  NOTIFICATION_SUBMIT,
  PROGRESS_UPDATE_1,
  PROGRESS_UPDATE_1_SUBMIT,
  PROGRESS_UPDATE_2,
  PROGRESS_UPDATE_2_SUBMIT,
  processFor,
} from '../processes';
import { categories, type Category } from '../processes/notification-of-compliance/category';

export type MixState = 'SUBMITTED' | 'IN_PROGRESS' | 'IN_PROGRESS_OVERDUE' | 'CANCELLED' | 'NONE';

const route = (iso: number, dec: number, gda: number, audits: number) => ({
  iso50001Pct: iso,
  displayEnergyCertificatePct: dec,
  greenDealAssessmentPct: gda,
  energyAuditsPct: audits,
  energyNotAuditedPct: 100 - iso - dec - gda - audits,
  totalPct: 100,
});
const responsible = (d: ReturnType<typeof route>) => ({
  qualificationType: 'QUALIFY',
  qualificationReasonType: 'STAFF_MEMBERS_MORE_THAN_250',
  energyResponsibilityType: 'RESPONSIBLE',
  complianceRouteDistribution: d,
});

/** A reporting obligation answered so that the notification is of each category. */
export const obligationOf: Record<Category, Record<string, unknown>> = {
  ESOS_ENERGY_ASSESSMENTS_95_TO_100: responsible(route(0, 0, 0, 100)),
  ISO_50001_COVERING_ENERGY_USAGE: responsible(route(100, 0, 0, 0)),
  PARTIAL_ENERGY_ASSESSMENTS: responsible(route(40, 0, 0, 60)),
  ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100: responsible(route(50, 50, 0, 0)),
  LESS_THAN_40000_KWH_PER_YEAR: {
    qualificationType: 'QUALIFY',
    qualificationReasonType: 'STAFF_MEMBERS_MORE_THAN_250',
    energyResponsibilityType: 'RESPONSIBLE_BUT_LESS_THAN_40000_KWH',
  },
  ZERO_ENERGY: {
    qualificationType: 'QUALIFY',
    qualificationReasonType: 'STAFF_MEMBERS_MORE_THAN_250',
    energyResponsibilityType: 'NOT_RESPONSIBLE',
  },
  NOT_QUALIFY: { qualificationType: 'NOT_QUALIFY', noQualificationReasonType: 'NO_QUALIFICATION' },
};

/** The state of the i-th account's request of each report, and its notification's category. */
export function mixStateOf(i: number): { states: Record<string, MixState>; category: Category } {
  const noc: MixState[] = ['SUBMITTED', 'IN_PROGRESS', 'NONE', 'CANCELLED', 'SUBMITTED'];
  const ap: MixState[] = ['SUBMITTED', 'IN_PROGRESS_OVERDUE', 'NONE', 'IN_PROGRESS'];
  const pu1: MixState[] = ['IN_PROGRESS', 'SUBMITTED', 'NONE', 'NONE', 'IN_PROGRESS_OVERDUE', 'NONE'];
  const pu2: MixState[] = ['SUBMITTED', 'NONE', 'NONE', 'IN_PROGRESS', 'NONE', 'NONE', 'NONE'];
  return {
    states: {
      [NOTIFICATION]: noc[i % noc.length],
      [ACTION_PLAN]: ap[i % ap.length],
      [PROGRESS_UPDATE_1]: pu1[i % pu1.length],
      [PROGRESS_UPDATE_2]: pu2[i % pu2.length],
    },
    category: categories[Math.floor(i / 5) % categories.length],
  };
}

const taskOf: Record<string, string> = {
  [NOTIFICATION]: NOTIFICATION_SUBMIT,
  [ACTION_PLAN]: ACTION_PLAN_SUBMIT,
  [PROGRESS_UPDATE_1]: PROGRESS_UPDATE_1_SUBMIT,
  [PROGRESS_UPDATE_2]: PROGRESS_UPDATE_2_SUBMIT,
};

export interface MixAccount {
  id: number;
  name: string;
  organisationId: string;
  email: string;
  states: Record<string, MixState>;
  category: Category;
}

/**
 * Seeds the mix. `now` is the clock the service counts against: an overdue task was due a day
 * before it, a moved one is due a year after it. `namePrefix` starts every account's name (a tag a
 * test searches by); organisation ids are `ORG{idBase + i}`.
 */
export async function seedComplianceMix(
  db: Db,
  options: {
    ca: CompetentAuthority;
    count: number;
    namePrefix: string;
    now: Date;
    idBase?: number;
    submittedFrom?: Date;
  },
): Promise<MixAccount[]> {
  const out: MixAccount[] = [];
  const idBase = options.idBase ?? 700000 + Math.floor(Math.random() * 90000);
  const from = options.submittedFrom ?? new Date(options.now.getTime() - 60 * 86_400_000);
  for (let start = 0; start < options.count; start += 500) {
    const n = Math.min(500, options.count - start);
    const idx = Array.from({ length: n }, (_, k) => start + k);
    const users = idx.map((i) => ({
      id: randomUUID(),
      email: `mix-${options.namePrefix.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}-${randomUUID().slice(0, 6)}@example.test`,
      first_name: 'Primary',
      last_name: `Contact ${i}`,
      registration_status: 'REGISTERED',
    }));
    await db.batchInsert('users', users, 500);
    const accounts: { id: number }[] = await db('accounts')
      .insert(
        idx.map((i) => ({
          organisation_id: `ORG${String(idBase + i).padStart(6, '0')}`,
          name: `${options.namePrefix} ${String(i + 1).padStart(5, '0')}`,
          registration_number: `M${String(idBase + i).padStart(7, '0')}`,
          status: 'LIVE',
          competent_authority: options.ca,
          address_line1: '1 High Street',
          city: 'Bristol',
          postcode: 'BS1 1AA',
        })),
      )
      .returning('id');
    await db('account_contacts').insert(
      accounts.map((a, k) => ({ account_id: a.id, contact_type: 'PRIMARY', user_id: users[k].id })),
    );
    await seedReportMix(
      db,
      accounts.map((a, k) => ({ id: a.id, competentAuthority: options.ca, index: idx[k], submittedBy: users[k].id })),
      options.now,
      from,
    );
    accounts.forEach((a, k) => {
      const i = idx[k];
      const { states, category } = mixStateOf(i);
      out.push({
        id: a.id,
        name: `${options.namePrefix} ${String(i + 1).padStart(5, '0')}`,
        organisationId: `ORG${String(idBase + i).padStart(6, '0')}`,
        email: users[k].email,
        states,
        category,
      });
    });
  }
  return out;
}

/**
 * The mix's requests, submitted reports and open tasks for accounts that exist already (the i-th
 * account by `index`), e.g. the bench's own 10,000; the assignee of an open task is `submittedBy`
 * (a user id), or none. An account's request that exists already is left as it is. Written in
 * statements of 500 rows.
 */
export async function seedReportMix(
  db: Db,
  accounts: { id: number; competentAuthority: CompetentAuthority; index: number; submittedBy?: string }[],
  now: Date,
  submittedFrom = new Date(now.getTime() - 60 * 86_400_000),
): Promise<void> {
  const requests: Record<string, unknown>[] = [];
  const tasks: Record<string, unknown>[] = [];
  const reports: Record<string, unknown>[] = [];
  for (const a of accounts) {
    const i = a.index;
    const { states, category } = mixStateOf(i);
    for (const [type, state] of Object.entries(states)) {
      if (state === 'NONE') continue;
      const id = requestIdOf(processFor(type)!, a.id);
      const submittedAt = new Date(submittedFrom.getTime() + ((i * 7919) % 60) * 86_400_000);
      const data = type === NOTIFICATION ? { reportingObligation: obligationOf[category] } : {};
      const status = state === 'SUBMITTED' ? 'COMPLETED' : state === 'CANCELLED' ? 'CANCELLED' : 'IN_PROGRESS';
      const open = state === 'IN_PROGRESS' || state === 'IN_PROGRESS_OVERDUE';
      requests.push({
        id,
        type,
        status,
        account_id: a.id,
        competent_authority: a.competentAuthority,
        submitted_at: state === 'SUBMITTED' ? submittedAt : null,
        ended_at: open ? null : submittedAt,
      });
      if (state === 'SUBMITTED')
        reports.push({
          request_id: id,
          account_id: a.id,
          type,
          data: JSON.stringify(data),
          submitted_by: a.submittedBy ?? 'bench',
          submitted_at: submittedAt,
        });
      if (open) {
        const dueAt = new Date(now.getTime() + (state === 'IN_PROGRESS_OVERDUE' ? -1 : 365) * 86_400_000);
        // The notification keeps no due date: its task is due at its window's close.
        tasks.push({
          request_id: id,
          type: taskOf[type],
          assignee: a.submittedBy ?? null,
          account_id: a.id,
          competent_authority: a.competentAuthority,
          due_at: type === NOTIFICATION ? null : dueAt,
          due_date: type === NOTIFICATION ? null : dueAt.toISOString().slice(0, 10),
        });
      }
    }
  }
  // An account that has a request of a report already keeps it (the bench's journeys make some).
  const written = new Set<string>();
  for (let k = 0; k < requests.length; k += 500) {
    const rows: { id: string }[] = await db('requests')
      .insert(requests.slice(k, k + 500))
      .onConflict('id')
      .ignore()
      .returning('id');
    for (const r of rows) written.add(r.id);
  }
  const ours = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.filter((r) => written.has(r.request_id as string));
  if (reports.length) await db.batchInsert('reports', ours(reports), 500);
  if (tasks.length) await db.batchInsert('request_tasks', ours(tasks), 500);
}

/**
 * Where the i-th account of the mix stands on a report, as the overview should say: its state, and
 * whether it is overdue (`statutoryDue`: the report's own due moment; `now`: the service's clock).
 */
export function mixStanding(
  i: number,
  type: string,
  now: Date,
  statutoryDue: Date,
): { state: 'SUBMITTED' | 'IN_PROGRESS' | 'NOT_STARTED'; overdue: boolean } {
  const s = mixStateOf(i).states[type];
  const state =
    s === 'SUBMITTED'
      ? 'SUBMITTED'
      : s === 'IN_PROGRESS' || s === 'IN_PROGRESS_OVERDUE'
        ? 'IN_PROGRESS'
        : 'NOT_STARTED';
  const taskDue =
    s === 'IN_PROGRESS_OVERDUE'
      ? now.getTime() - 86_400_000
      : s === 'IN_PROGRESS' && type !== NOTIFICATION
        ? now.getTime() + 365 * 86_400_000
        : statutoryDue.getTime();
  return { state, overdue: state !== 'SUBMITTED' && taskDue < now.getTime() };
}
