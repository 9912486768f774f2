// What both progress updates share (reference workflows §9.3–§9.4, §10.3): the change-of-group
// section of a disaggregated undertaking, the responsible officer's confirmation, and the measures
// the server copies in from the report before (the action plan, or progress update 1), whose answers
// a save merges by measure id.
import { text } from './common-fields';
import type { Field, GroupField, ListField, Values } from './fields';
import { MAX_MEASURES, MEASURES_OVER_LIMIT, officerConfirmation } from './measure-fields';
import type { ReportFacts, SectionDefinition } from './report';

export interface ProgressUpdateContext {
  /** Started by an undertaking that left the group which notified (reference §5). */
  disaggregated: boolean;
  account: { name: string; registrationNumber: string | null } | null;
  /** Measures copied from the report before, per list (their names in the section). */
  copied: Record<string, number>;
  /** An updated or added measure's reduction was estimated by some other method. */
  usesOtherMethod: boolean;
}

/** The objects of a list answer (none when it is missing). */
export const listOf = (values: Values | undefined, key: string): Values[] =>
  Array.isArray(values?.[key])
    ? (values![key] as unknown[]).filter((v): v is Values => !!v && typeof v === 'object')
    : [];

/**
 * The context of a progress update: its measures section (id), the copied lists and the answer key of
 * their items, and the list of added measures.
 */
export function progressUpdateContext(
  report: Record<string, Values>,
  facts: ReportFacts,
  shape: { section: string; copied: string[]; answers: string; added: string },
): ProgressUpdateContext {
  const section = report[shape.section];
  const copied = Object.fromEntries(shape.copied.map((key) => [key, listOf(section, key).length]));
  const estimates = [
    ...shape.copied.flatMap((key) => listOf(section, key).map((m) => m[shape.answers] as Values | undefined)),
    ...listOf(section, shape.added),
  ];
  return {
    disaggregated: facts.prefill?.isDisaggregateUndertaking === true,
    account: facts.account ?? null,
    copied,
    usesOtherMethod: estimates.some((e) => e?.estimationMethodType === 'OTHER_METHOD'),
  };
}

/**
 * Where progress update 2 keeps its measures (its section) and its answers for each, which a later
 * report reads too (domain/reports/plan-measures.ts).
 */
export const PU2_MEASURES = 'progressUpdate2P3MeasuresUpdate';
export const PU2_ANSWERS = 'progressUpdate2P3EnergyEfficiencyMeasure';

// ---------------------------------------------------------------------------------------------
// Group change (disaggregated undertakings only)

export const SAME_NAME_AS_ACCOUNT =
  'The name of the other responsible undertaking must be different from the name of your organisation';
export const SAME_CRN_AS_ACCOUNT =
  'The company registration number of the other responsible undertaking must be different from the registration number of your organisation';

const sameName = (a: unknown, b: string | null | undefined) =>
  typeof a === 'string' && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
const sameNumber = (a: unknown, b: string | null | undefined) =>
  typeof a === 'string' && !!b && a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

export const groupChange: SectionDefinition<ProgressUpdateContext> = {
  id: 'groupChange',
  title: 'Group change',
  applies: (ctx) => ctx.disaggregated,
  steps: [
    {
      id: 'group-change',
      title: 'Change of group information',
      description: [
        'Tell us about the responsible undertaking whose group your organisation was part of when the last notification was submitted.',
      ],
      fields: [
        text('otherResponsibleUndertakingName', 'Name of the other responsible undertaking (optional)'),
        text(
          'otherResponsibleUndertakingCrn',
          'Company registration number of the other responsible undertaking (optional)',
          undefined,
          { width: 'one-half' },
        ),
      ],
      checks: (values, env) => [
        ...(sameName(values.otherResponsibleUndertakingName, env.ctx.account?.name)
          ? [{ path: 'otherResponsibleUndertakingName', message: SAME_NAME_AS_ACCOUNT }]
          : []),
        ...(sameNumber(values.otherResponsibleUndertakingCrn, env.ctx.account?.registrationNumber)
          ? [{ path: 'otherResponsibleUndertakingCrn', message: SAME_CRN_AS_ACCOUNT }]
          : []),
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Responsible officer confirmation

export const ESOS_ACTION_PLAN_COMPLIANCE = {
  value: 'ESOS_ACTION_PLAN_COMPLIANCE',
  text: 'The progress update has been produced following notification of an ESOS action plan and includes the content required by regulation 34B of the ESOS regulations.',
};
export const ESTIMATION_METHOD_DOCUMENTED = {
  value: 'ESTIMATION_METHOD_DOCUMENTED',
  text: 'Where an estimate of the reduction in energy consumption is not based on an energy audit or estimate in the action plan, a description of the estimation method and reasons for using it are recorded in the evidence pack.',
};

/** The reference's legend says 'that that the following'; the doubled word is dropped. */
export const PROGRESS_UPDATE_CONFIRM_LEGEND =
  'I confirm that the responsible officer has reviewed the progress update and is satisfied, to the best of their knowledge, that the following statements are true:';

export function progressUpdateConfirmation(measuresSection: string): SectionDefinition<ProgressUpdateContext> {
  return {
    id: 'responsibleOfficerConfirmation',
    title: 'Responsible officer confirmation',
    startsAfter: [measuresSection],
    steps: [
      {
        id: 'confirmation',
        title: 'Responsible officer confirmation',
        description: [
          'A responsible officer is a director nominated for ESOS compliance or, where there is no director, an individual with management control.',
        ],
        fields: officerConfirmation(
          PROGRESS_UPDATE_CONFIRM_LEGEND,
          ESOS_ACTION_PLAN_COMPLIANCE,
          ESTIMATION_METHOD_DOCUMENTED,
          (ctx: ProgressUpdateContext) => ctx.usesOtherMethod,
        ),
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Copied measures: fixed lists whose answers the operator gives, merged by measure id

export const uuIdField = (): Field => ({
  kind: 'text',
  name: 'uuId',
  label: 'Measure id',
  readOnly: true,
  hidden: true,
});

/** A list the server fills from the report before; the pages answer each item's `answers` group. */
export function copiedMeasures(name: string, label: string, titleField: string, item: Field[]): ListField {
  return {
    kind: 'list',
    name,
    label,
    layout: 'pages',
    itemLabel: 'Measure',
    fixedItems: true,
    max: MAX_MEASURES,
    maxMessage: MEASURES_OVER_LIMIT,
    titleField,
    item,
  };
}

/**
 * An item's answers, asked in one case of the copied data (`when` over the item's copied fields).
 * Optional as a whole, so a draft may leave measures unanswered; `unansweredMeasures` requires them
 * when the section is completed.
 */
export const answersGroup = (
  name: string,
  label: string,
  when: (item: Values) => boolean,
  fields: Field[],
): GroupField => ({
  kind: 'group',
  name,
  label,
  summary: 'rows',
  optional: true,
  when: (item) => when(item),
  fields,
});

/** Answers given in the report before, shown again with the measure (never asked again). */
export const copiedAnswers = (
  name: string,
  label: string,
  when: (item: Values) => boolean,
  fields: Field[],
): GroupField => ({ ...answersGroup(name, label, when, fields), readOnly: true });

export const measureUnanswered = (name: string) => `Enter the update for the measure ‘${name}’`;

/** Issues for copied measures without answers (checked when the section is completed). */
export function unansweredMeasures(
  section: Values,
  lists: { key: string; answers: string; nameOf: (item: Values) => unknown }[],
) {
  return lists.flatMap(({ key, answers, nameOf }) =>
    listOf(section, key).flatMap((item, i) =>
      item[answers]
        ? []
        : [{ path: `${key}.${i}.${answers}`, message: measureUnanswered(String(nameOf(item) ?? `Measure ${i + 1}`)) }],
    ),
  );
}

/**
 * The server owns the copied measures (reference §9.4): a save keeps the stored items and takes from
 * what is sent only each item's answers, matched by measure id; unknown ids are ignored. Everything
 * else in the section (the added measures) is replaced by what is sent.
 */
export function mergeByMeasureId(lists: string[], answers: string) {
  return (stored: Values | undefined, sent: Values): Values => {
    const merged: Values = { ...sent };
    for (const key of lists) {
      const sentById = new Map(listOf(sent, key).map((item) => [item.uuId, item]));
      merged[key] = listOf(stored, key).map((item) => {
        const update = sentById.get(item.uuId);
        return update && answers in update ? { ...item, [answers]: update[answers] } : item;
      });
    }
    return merged;
  };
}
