// The measures of an organisation's action plan, as a later report offers them where it asks about
// the energy savings achieved (a phase 4 notification shows the phase 3 action plan's): a snapshot
// taken when the report starts, with what the progress updates said of each measure. Shown beside
// the questions, never an answer of the report.
import { organisationalPurposes, sumOf } from './common-fields';
import type { Values } from './fields';
import { actionPlanMeasures } from './measure-fields';
import { listOf, PU2_ANSWERS, PU2_MEASURES } from './progress-update';
import { MEASURE_IMPL_BEFORE, PU1_ANSWERS, PU1_MEASURES } from './progress-update-1-measures';
import type { ReportData } from './report';

const purposeKeys = organisationalPurposes.map(([k]) => k);

export type PurposeSavings = Record<(typeof organisationalPurposes)[number][0], number | null>;

/** One measure of the action plan. */
export interface PlanMeasure {
  name: string;
  /** 'YYYY-MM': when it was to be implemented. */
  implementationDate: string | null;
  /** The savings the action plan expected of it by organisational purpose, kWh. */
  expected: PurposeSavings;
  /** Implemented, as the latest progress update said; null when no progress update said. */
  implemented: boolean | null;
  /** The reductions in energy consumption the progress updates reported for it, kWh, added up; null when none. */
  reported: number | null;
}

/** What a report's draft holds of the action plan (`actionPlanMeasures`). */
export interface PlanMeasures {
  /** The phase of the action plan (for the words 'Measures in your phase 3 action plan'). */
  phase: number;
  requestId: string;
  measures: PlanMeasure[];
}

const numberOr = (x: unknown): number | null => (typeof x === 'number' ? x : null);
const booleanOr = (x: unknown): boolean | null => (typeof x === 'boolean' ? x : null);

/**
 * The measures of a submitted action plan, each with what the submitted progress updates said of it
 * (reference workflows §8.2, §9.3, §10.3). Progress update 1 copies the action plan's measures in
 * their order, and progress update 2 progress update 1's: a measure's update is the one in its place
 * that names it (a disaggregated undertaking's update has none). Implemented: as progress update 2
 * says when it asked again, else as progress update 1 says (a measure due before the action plan was
 * submitted was implemented by then).
 */
export function planMeasuresOf(actionPlan: ReportData, pu1?: ReportData, pu2?: ReportData): PlanMeasure[] {
  const updates1 = listOf(pu1?.[PU1_MEASURES], 'progressUpdate1P3Measures');
  const updates2 = listOf(pu2?.[PU2_MEASURES], 'progressUpdate2P3Measures');
  return actionPlanMeasures(actionPlan).map((measure, i) => {
    const inPlace = (updates: Values[]) => {
      const update = updates[i];
      const named = (update?.actionPlanEnergyEfficiencyMeasure as Values | undefined)?.measureName;
      return update && named === measure.measureName ? update : undefined;
    };
    const update1 = inPlace(updates1);
    const answers1 = update1?.[PU1_ANSWERS] as Values | undefined;
    const answers2 = inPlace(updates2)?.[PU2_ANSWERS] as Values | undefined;
    const expected = (measure.totalEnergySavingsExpected ?? {}) as Values;
    return {
      name: String(measure.measureName ?? ''),
      implementationDate:
        typeof measure.implementationDateForMeasure === 'string' ? measure.implementationDateForMeasure : null,
      expected: Object.fromEntries(purposeKeys.map((key) => [key, numberOr(expected[key])])) as PurposeSavings,
      implemented:
        booleanOr(answers2?.measureIsImplemented) ??
        (update1?.measureImplType === MEASURE_IMPL_BEFORE ? true : booleanOr(answers1?.measureIsImplemented)),
      reported: addedUp(
        [
          answers1?.reductionEnergyConsumption2023To2024,
          answers1?.reductionEnergyConsumption2024To2025,
          answers2?.reductionEnergyConsumption2025To2026,
        ].map(numberOr),
      ),
    };
  });
}

/** Numbers added up, or null when none is given (as a report's totals are: sumOf). */
export const addedUp = (numbers: readonly (number | null)[]): number | null =>
  sumOf(
    Object.fromEntries(numbers.map((n, i) => [i, n])),
    numbers.map((_, i) => String(i)),
  );

/** A measure's expected savings: the sum of its purposes. */
export const expectedTotal = (m: PlanMeasure): number | null => sumOf(m.expected, purposeKeys);

/** The measures' expected savings by organisational purpose, and overall. */
export function expectedByPurpose(measures: readonly PlanMeasure[]): {
  purposes: PurposeSavings;
  total: number | null;
} {
  const purposes = Object.fromEntries(
    purposeKeys.map((key) => [key, addedUp(measures.map((m) => m.expected[key]))]),
  ) as PurposeSavings;
  return { purposes, total: sumOf(purposes, purposeKeys) };
}

/** The reductions the progress updates reported for all the measures, or null when none did. */
export const reportedTotal = (measures: readonly PlanMeasure[]): number | null =>
  addedUp(measures.map((m) => m.reported));

export const planMeasuresHeading = (offered: PlanMeasures) => `Measures in your phase ${offered.phase} action plan`;
