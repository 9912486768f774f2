// Progress update 2's rules (reference workflows §10.2–§10.3): the start from progress update 1, the
// question asked again only for measures not carried out by then, the optional reduction otherwise,
// the estimation methods allowed per list, the limits, the confirmation and the merge by measure id.
import { applySectionSave, validateReport, type ReportFacts, type ReportDraft } from '../../domain/reports/report';
import { MEASURE_IMPL_AFTER, MEASURE_IMPL_BEFORE, PU1_MEASURES } from '../progress-update-1/report';
import { PU2_MEASURES, progressUpdate2Report } from './report';
import { progressUpdate2Start } from './start';
import { ADDED_MEASURES_OVER_LIMIT } from '../../domain/reports/measure-fields';
import {
  ESOS_ACTION_PLAN_COMPLIANCE,
  ESTIMATION_METHOD_DOCUMENTED,
  measureUnanswered,
} from '../../domain/reports/progress-update';
import { CONFIRM_ALL } from '../../domain/reports/common-fields';
import { addedMeasure, apMeasure } from '../../test/fixtures/measures';

const facts: ReportFacts = {
  account: { name: 'Acme Widgets Ltd', registrationNumber: null },
  prefill: { isDisaggregateUndertaking: false },
};
const notImplemented = { measureIsImplemented: false };
const implementedBefore = { reportReduction2024To2025: false, reportReduction2023To2024: false };
const pu1AddedHeatPump = addedMeasure({ reductionEnergyConsumption2024To2025: 300 });
const pu1 = {
  [PU1_MEASURES]: {
    progressUpdate1P3Measures: [
      {
        uuId: 'pu1-a',
        measureImplType: MEASURE_IMPL_BEFORE,
        actionPlanEnergyEfficiencyMeasure: apMeasure({ measureName: 'LED lighting' }),
        progressUpdate1P3EnergyEfficiencyMeasure: implementedBefore,
      },
      {
        uuId: 'pu1-b',
        measureImplType: MEASURE_IMPL_AFTER,
        actionPlanEnergyEfficiencyMeasure: apMeasure({
          measureName: 'Boiler',
          implementationDateForMeasure: '2026-06',
        }),
        progressUpdate1P3EnergyEfficiencyMeasure: notImplemented,
      },
    ],
    progressUpdate1P3AddedMeasure: [pu1AddedHeatPump],
  },
};

let ids = 0;
function started(): ReportDraft {
  ids = 0;
  return {
    report: progressUpdate2Start(pu1, () => `n-${++ids}`),
    sectionsCompleted: {},
    prefill: { isDisaggregateUndertaking: false },
  };
}
function save(stored: ReportDraft, section: string, data: Record<string, unknown>, complete = false) {
  return applySectionSave(progressUpdate2Report, stored, { section, data, complete }, facts);
}
function saved(stored: ReportDraft, section: string, data: Record<string, unknown>, complete = false): ReportDraft {
  const result = save(stored, section, data, complete);
  if ('issues' in result) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.draft;
}
const messages = (result: ReturnType<typeof save>) =>
  'issues' in result ? result.issues.map((i) => [i.path, i.message]) : [];
const A = 'progressUpdate2P3EnergyEfficiencyMeasure';
const data = (
  measures: Record<string, unknown>,
  updatedAdded: Record<string, unknown> = {},
  added: unknown[] = [],
) => ({
  progressUpdate2P3Measures: Object.entries(measures).map(([uuId, a]) => ({ uuId, [A]: a })),
  progressUpdate2P3UpdatedAddedMeasures: Object.entries(updatedAdded).map(([uuId, a]) => ({ uuId, [A]: a })),
  progressUpdate2P3AddedMeasure: added,
});
const section = (p: ReportDraft) => p.report[PU2_MEASURES] as Record<string, Record<string, any>[]>;

it('starts from progress update 1: its measures with their answers, and the measures it added, each with a new id', () => {
  expect(section(started())).toEqual({
    progressUpdate2P3Measures: [
      {
        uuId: 'n-1',
        measureImplType: MEASURE_IMPL_BEFORE,
        actionPlanEnergyEfficiencyMeasure:
          pu1[PU1_MEASURES].progressUpdate1P3Measures[0]!.actionPlanEnergyEfficiencyMeasure,
        progressUpdate1P3EnergyEfficiencyMeasure: implementedBefore,
      },
      {
        uuId: 'n-2',
        measureImplType: MEASURE_IMPL_AFTER,
        actionPlanEnergyEfficiencyMeasure:
          pu1[PU1_MEASURES].progressUpdate1P3Measures[1]!.actionPlanEnergyEfficiencyMeasure,
        progressUpdate1P3EnergyEfficiencyMeasure: notImplemented,
      },
    ],
    progressUpdate2P3UpdatedAddedMeasures: [{ uuId: 'n-3', progressUpdate1P3AddedMeasure: pu1AddedHeatPump }],
  });
});

it('asks again whether a measure is implemented only when progress update 1 said it was not', () => {
  const p = started();
  // n-1 was implemented before the action plan: the optional reduction is asked instead.
  expect(
    messages(
      save(
        p,
        PU2_MEASURES,
        data({ 'n-1': { measureIsImplemented: true }, 'n-2': { reportReduction2025To2026: true } }),
      ),
    ),
  ).toEqual([
    [
      `progressUpdate2P3Measures.0.${A}.reportReduction2025To2026`,
      'Select yes if you want to report a reduction in energy consumption between 6 December 2025 and 5 December 2026',
    ],
    [`progressUpdate2P3Measures.1.${A}.measureIsImplemented`, 'Select yes if the measure has been implemented'],
  ]);
  expect(messages(save(p, PU2_MEASURES, data({ 'n-2': { measureIsImplemented: true } })))).toEqual([
    [
      `progressUpdate2P3Measures.1.${A}.measureImplementedByTheDateInActionPlan`,
      'Select yes if the measure was implemented by the date proposed in the action plan',
    ],
    [
      `progressUpdate2P3Measures.1.${A}.reductionEnergyConsumption2025To2026`,
      'Enter the reduction in energy consumption between 6 December 2025 and 5 December 2026',
    ],
    [
      `progressUpdate2P3Measures.1.${A}.estimationMethodType`,
      'Select how the reduction in energy consumption was estimated',
    ],
  ]);
  const stored = saved(
    p,
    PU2_MEASURES,
    data({
      'n-1': {
        reportReduction2025To2026: true,
        reductionEnergyConsumption2025To2026: 700,
        estimationMethodType: 'ACTION_PLAN_ESTIMATE',
        measureIsImplemented: true,
      },
      'n-2': {
        measureIsImplemented: false,
        reportReduction2025To2026: true,
        reductionEnergyConsumption2025To2026: 5,
        estimationMethodType: 'ENERGY_AUDIT',
      },
    }),
  );
  expect(section(stored).progressUpdate2P3Measures!.map((m) => m[A])).toEqual([
    {
      reportReduction2025To2026: true,
      reductionEnergyConsumption2025To2026: 700,
      estimationMethodType: 'ACTION_PLAN_ESTIMATE',
    },
    { measureIsImplemented: false },
  ]);
  // Progress update 1's answers are not the operator's to change here.
  expect(section(stored).progressUpdate2P3Measures![1]!.progressUpdate1P3EnergyEfficiencyMeasure).toEqual(
    notImplemented,
  );
  expect(
    messages(
      save(
        p,
        PU2_MEASURES,
        data({
          'n-1': {
            reportReduction2025To2026: true,
            reductionEnergyConsumption2025To2026: 0,
            estimationMethodType: 'ENERGY_AUDIT',
          },
        }),
      ),
    ),
  ).toEqual([
    [
      `progressUpdate2P3Measures.0.${A}.reductionEnergyConsumption2025To2026`,
      'Must accept only positive integer values >0',
    ],
  ]);
});

it('updates the measures progress update 1 added: an optional reduction, never by the action plan estimate', () => {
  const p = started();
  expect(
    messages(
      save(
        p,
        PU2_MEASURES,
        data(
          {},
          {
            'n-3': {
              reportReduction2025To2026: true,
              reductionEnergyConsumption2025To2026: 20,
              estimationMethodType: 'ACTION_PLAN_ESTIMATE',
            },
          },
        ),
      ),
    ),
  ).toEqual([
    [
      `progressUpdate2P3UpdatedAddedMeasures.0.${A}.estimationMethodType`,
      'Select how the reduction in energy consumption was estimated',
    ],
  ]);
  const other = saved(
    p,
    PU2_MEASURES,
    data(
      {},
      {
        'n-3': {
          reportReduction2025To2026: true,
          reductionEnergyConsumption2025To2026: 20,
          estimationMethodType: 'OTHER_METHOD',
          estimationMethodDescription: 'Bills',
        },
      },
    ),
  );
  expect(section(other).progressUpdate2P3UpdatedAddedMeasures![0]).toEqual({
    uuId: 'n-3',
    progressUpdate1P3AddedMeasure: pu1AddedHeatPump,
    [A]: {
      reportReduction2025To2026: true,
      reductionEnergyConsumption2025To2026: 20,
      estimationMethodType: 'OTHER_METHOD',
      estimationMethodDescription: 'Bills',
    },
  });
});

it('merges answers by id across both copied lists and replaces the added measures, at most 50', () => {
  const p = started();
  const first = saved(
    p,
    PU2_MEASURES,
    data(
      { 'n-2': notImplemented, 'n-3': { reportReduction2025To2026: false } },
      { 'n-1': { reportReduction2025To2026: false } },
    ),
  );
  // Ids belong to their own list: n-3 is not a measure of the first list, n-1 not of the second.
  expect(section(first).progressUpdate2P3Measures!.map((m) => m[A])).toEqual([undefined, notImplemented]);
  expect(section(first).progressUpdate2P3UpdatedAddedMeasures!.map((m) => m[A])).toEqual([undefined]);
  const withAdded = saved(
    first,
    PU2_MEASURES,
    data({}, {}, [addedMeasure({ reductionEnergyConsumption2025To2026: 40 })]),
  );
  expect(section(withAdded).progressUpdate2P3Measures![1]![A]).toEqual(notImplemented);
  expect(section(withAdded).progressUpdate2P3AddedMeasure).toEqual([
    {
      measureName: 'Heat pump',
      measureScheme: [],
      reductionEnergyConsumption2025To2026: 40,
      estimationMethodType: 'ENERGY_AUDIT',
    },
  ]);
  expect(
    messages(
      save(
        p,
        PU2_MEASURES,
        data({}, {}, [
          addedMeasure({ reductionEnergyConsumption2025To2026: 1, estimationMethodType: 'ACTION_PLAN_ESTIMATE' }),
        ]),
      ),
    ),
  ).toEqual([
    [
      'progressUpdate2P3AddedMeasure.0.estimationMethodType',
      'Select how the reduction in energy consumption was estimated',
    ],
  ]);
  const many = Array.from({ length: 51 }, () => addedMeasure({ reductionEnergyConsumption2025To2026: 1 }));
  expect(messages(save(p, PU2_MEASURES, data({}, {}, many)))).toEqual([
    ['progressUpdate2P3AddedMeasure', ADDED_MEASURES_OVER_LIMIT],
  ]);
});

it('completes only with every copied measure updated, and needs both statements once some other method was used', () => {
  const p = started();
  expect(messages(save(p, PU2_MEASURES, data({ 'n-1': { reportReduction2025To2026: false } }), true))).toEqual([
    [`progressUpdate2P3Measures.1.${A}`, measureUnanswered('Boiler')],
    [`progressUpdate2P3UpdatedAddedMeasures.0.${A}`, measureUnanswered('Heat pump')],
  ]);
  const complete = saved(
    p,
    PU2_MEASURES,
    data(
      { 'n-1': { reportReduction2025To2026: false }, 'n-2': notImplemented },
      {
        'n-3': {
          reportReduction2025To2026: true,
          reductionEnergyConsumption2025To2026: 20,
          estimationMethodType: 'OTHER_METHOD',
          estimationMethodDescription: 'Bills',
        },
      },
    ),
    true,
  );
  expect(
    messages(
      save(complete, 'responsibleOfficerConfirmation', { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value] }, true),
    ),
  ).toEqual([['confirmations', CONFIRM_ALL]]);
  const confirmed = saved(
    complete,
    'responsibleOfficerConfirmation',
    { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value, ESTIMATION_METHOD_DOCUMENTED.value] },
    true,
  );
  expect(validateReport(progressUpdate2Report, confirmed, facts)).toEqual([]);
});
