// Progress update 1's rules (reference workflows §9.2–§9.4) as the server applies them: the start
// from the action plan, every cross-field rule of a measure's update, the limits, the change of
// group, the confirmation, and the merge of a save by measure id.
import {
  applySectionSave,
  reportAnswers,
  taskList,
  validateReport,
  type ReportFacts,
  type ReportDraft,
} from '../../domain/reports/report';
import { MEASURE_IMPL_AFTER, MEASURE_IMPL_BEFORE, PU1_MEASURES, progressUpdate1Report } from './report';
import { lastDayOfMonth, measureImplType, progressUpdate1Start } from './start';
import { ADDED_MEASURES_OVER_LIMIT } from '../../domain/reports/measure-fields';
import {
  ESOS_ACTION_PLAN_COMPLIANCE,
  ESTIMATION_METHOD_DOCUMENTED,
  SAME_CRN_AS_ACCOUNT,
  SAME_NAME_AS_ACCOUNT,
  measureUnanswered,
} from '../../domain/reports/progress-update';
import { CONFIRM_ALL } from '../../domain/reports/common-fields';
import { addedMeasure, apMeasure } from '../../test/fixtures/measures';

const account = { name: 'Acme Widgets Ltd', registrationNumber: 'AB123456' };
const facts: ReportFacts = { account, prefill: { isDisaggregateUndertaking: false } };
const disaggregated: ReportFacts = { account, prefill: { isDisaggregateUndertaking: true } };

let ids = 0;
const newId = () => `m-${++ids}`;
const actionPlan = {
  energyEfficiencyMeasure: {
    haveEnergyEfficiencyMeasures: true,
    energyEfficiencyMeasures: [
      apMeasure({ measureName: 'LED lighting', implementationDateForMeasure: '2024-03' }),
      apMeasure({ measureName: 'Boiler', implementationDateForMeasure: '2025-06' }),
    ],
  },
};

/** A progress update 1 started from an action plan submitted on 1 May 2024: LED before, boiler after. */
function started(): ReportDraft & { before: string; after: string } {
  ids = 0;
  const report = progressUpdate1Start(actionPlan, '2024-05-01', newId);
  return { report, sectionsCompleted: {}, prefill: { isDisaggregateUndertaking: false }, before: 'm-1', after: 'm-2' };
}

function save(stored: ReportDraft, section: string, data: Record<string, unknown>, complete = true, f = facts) {
  return applySectionSave(progressUpdate1Report, stored, { section, data, complete }, f);
}
function saved(
  stored: ReportDraft,
  section: string,
  data: Record<string, unknown>,
  complete = true,
  f = facts,
): ReportDraft {
  const result = save(stored, section, data, complete, f);
  if ('issues' in result) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.draft;
}
const messages = (result: ReturnType<typeof save>) =>
  'issues' in result ? result.issues.map((i) => [i.path, i.message]) : [];
const updates = (answers: Record<string, Record<string, unknown> | undefined>, added: unknown[] = []) => ({
  progressUpdate1P3Measures: Object.entries(answers).map(([uuId, a]) => ({
    uuId,
    progressUpdate1P3EnergyEfficiencyMeasure: a,
  })),
  progressUpdate1P3AddedMeasure: added,
});
const measuresOf = (p: ReportDraft) =>
  (p.report[PU1_MEASURES] as { progressUpdate1P3Measures: Record<string, any>[] }).progressUpdate1P3Measures;

const beforeAnswer = { reportReduction2024To2025: false, reportReduction2023To2024: false };
const afterAnswer = { measureIsImplemented: false };

describe('the start from the submitted action plan', () => {
  it('classifies a measure by the last day of its month against the day the action plan was submitted', () => {
    expect(lastDayOfMonth('2024-02')).toBe('2024-02-29');
    expect(lastDayOfMonth('2023-12')).toBe('2023-12-31');
    expect(measureImplType('2024-03', '2024-04-01')).toBe(MEASURE_IMPL_BEFORE);
    expect(measureImplType('2024-03', '2024-03-31')).toBe(MEASURE_IMPL_AFTER);
    expect(measureImplType('2024-03', '2024-03-15')).toBe(MEASURE_IMPL_AFTER);
  });

  it('copies each measure with an id of its own, and has none without measures', () => {
    const { report } = started();
    expect(measuresOf({ report, sectionsCompleted: {} })).toEqual([
      {
        uuId: 'm-1',
        measureImplType: MEASURE_IMPL_BEFORE,
        actionPlanEnergyEfficiencyMeasure: actionPlan.energyEfficiencyMeasure.energyEfficiencyMeasures[0],
      },
      {
        uuId: 'm-2',
        measureImplType: MEASURE_IMPL_AFTER,
        actionPlanEnergyEfficiencyMeasure: actionPlan.energyEfficiencyMeasure.energyEfficiencyMeasures[1],
      },
    ]);
    expect(
      progressUpdate1Start({ energyEfficiencyMeasure: { haveEnergyEfficiencyMeasures: false } }, '2024-05-01', newId),
    ).toEqual({ [PU1_MEASURES]: { progressUpdate1P3Measures: [] } });
  });

  it('lists the sections in order: the change of group only for a disaggregated undertaking', () => {
    const p = started();
    expect(taskList(progressUpdate1Report, p, facts).map((g) => g.title)).toEqual([
      'Prepare Progress Update',
      'Confirm',
    ]);
    expect(taskList(progressUpdate1Report, { report: {}, sectionsCompleted: {} }, disaggregated)).toEqual([
      {
        title: 'Enter information about a change of group',
        sections: [{ id: 'groupChange', title: 'Group change', status: 'NOT_STARTED' }],
      },
      {
        title: 'Prepare Progress Update',
        sections: [{ id: PU1_MEASURES, title: 'Update for energy efficiency measures', status: 'NOT_STARTED' }],
      },
      {
        title: 'Confirm',
        sections: [
          {
            id: 'responsibleOfficerConfirmation',
            title: 'Responsible officer confirmation',
            status: 'CANNOT_START_YET',
          },
        ],
      },
    ]);
  });
});

describe('a measure implemented before the action plan was submitted', () => {
  it('asks both optional reductions, each figure only when reported, and the method when any is', () => {
    const p = started();
    expect(messages(save(p, PU1_MEASURES, updates({ [p.before]: { providedContext: 'Started' } }), false))).toEqual([
      [
        `progressUpdate1P3Measures.0.progressUpdate1P3EnergyEfficiencyMeasure.reportReduction2024To2025`,
        'Select yes if you want to report a reduction in energy consumption between 6 December 2024 and 5 December 2025',
      ],
      [
        `progressUpdate1P3Measures.0.progressUpdate1P3EnergyEfficiencyMeasure.reportReduction2023To2024`,
        'Select yes if you want to report a reduction in energy consumption between 6 December 2023 and 5 December 2024',
      ],
    ]);
    expect(
      messages(
        save(
          p,
          PU1_MEASURES,
          updates({ [p.before]: { reportReduction2024To2025: true, reportReduction2023To2024: true } }),
          false,
        ),
      ),
    ).toEqual([
      [
        'progressUpdate1P3Measures.0.progressUpdate1P3EnergyEfficiencyMeasure.reductionEnergyConsumption2024To2025',
        'Enter the reduction in energy consumption between 6 December 2024 and 5 December 2025',
      ],
      [
        'progressUpdate1P3Measures.0.progressUpdate1P3EnergyEfficiencyMeasure.reductionEnergyConsumption2023To2024',
        'Enter the reduction in energy consumption between 6 December 2023 and 5 December 2024',
      ],
      [
        'progressUpdate1P3Measures.0.progressUpdate1P3EnergyEfficiencyMeasure.estimationMethodType',
        'Select how the reduction in energy consumption was estimated',
      ],
    ]);
    // 2024–2025 must be above 0; 2023–2024 may be 0.
    const zeroes = {
      reportReduction2024To2025: true,
      reductionEnergyConsumption2024To2025: 0,
      reportReduction2023To2024: true,
      reductionEnergyConsumption2023To2024: 0,
      estimationMethodType: 'ACTION_PLAN_ESTIMATE',
    };
    expect(messages(save(p, PU1_MEASURES, updates({ [p.before]: zeroes }), false))).toEqual([
      [
        'progressUpdate1P3Measures.0.progressUpdate1P3EnergyEfficiencyMeasure.reductionEnergyConsumption2024To2025',
        'Must accept only positive integer values >0',
      ],
    ]);
    const answer = {
      ...zeroes,
      reductionEnergyConsumption2024To2025: 900,
      measureIsImplemented: true,
      estimationMethodDescription: 'dropped',
    };
    const stored = saved(p, PU1_MEASURES, updates({ [p.before]: answer }), false);
    expect(measuresOf(stored)[0].progressUpdate1P3EnergyEfficiencyMeasure).toEqual({
      reportReduction2024To2025: true,
      reductionEnergyConsumption2024To2025: 900,
      reportReduction2023To2024: true,
      reductionEnergyConsumption2023To2024: 0,
      estimationMethodType: 'ACTION_PLAN_ESTIMATE',
    });
    // Nothing reported: no figures and no method are kept.
    const none = saved(
      p,
      PU1_MEASURES,
      updates({
        [p.before]: { ...beforeAnswer, reductionEnergyConsumption2024To2025: 5, estimationMethodType: 'ENERGY_AUDIT' },
      }),
      false,
    );
    expect(measuresOf(none)[0].progressUpdate1P3EnergyEfficiencyMeasure).toEqual(beforeAnswer);
  });

  it('needs a description with some other method, and only then', () => {
    const p = started();
    const other = {
      reportReduction2024To2025: true,
      reductionEnergyConsumption2024To2025: 10,
      reportReduction2023To2024: false,
      estimationMethodType: 'OTHER_METHOD',
    };
    expect(messages(save(p, PU1_MEASURES, updates({ [p.before]: other }), false))).toEqual([
      [
        'progressUpdate1P3Measures.0.progressUpdate1P3EnergyEfficiencyMeasure.estimationMethodDescription',
        'Describe the estimation method',
      ],
    ]);
    expect(
      measuresOf(
        saved(
          p,
          PU1_MEASURES,
          updates({ [p.before]: { ...other, estimationMethodDescription: 'Sub-metering' } }),
          false,
        ),
      )[0].progressUpdate1P3EnergyEfficiencyMeasure,
    ).toMatchObject({
      estimationMethodDescription: 'Sub-metering',
    });
  });
});

describe('a measure due after the action plan was submitted', () => {
  it('asks whether it is implemented; only then by the planned date, the reduction (2023–2024 optional) and the method', () => {
    const p = started();
    expect(messages(save(p, PU1_MEASURES, updates({ [p.after]: { providedContext: 'x' } }), false))).toEqual([
      [
        'progressUpdate1P3Measures.1.progressUpdate1P3EnergyEfficiencyMeasure.measureIsImplemented',
        'Select yes if the measure has been implemented',
      ],
    ]);
    expect(messages(save(p, PU1_MEASURES, updates({ [p.after]: { measureIsImplemented: true } }), false))).toEqual([
      [
        'progressUpdate1P3Measures.1.progressUpdate1P3EnergyEfficiencyMeasure.measureImplementedByTheDateInActionPlan',
        'Select yes if the measure was implemented by the date proposed in the action plan',
      ],
      [
        'progressUpdate1P3Measures.1.progressUpdate1P3EnergyEfficiencyMeasure.reductionEnergyConsumption2024To2025',
        'Enter the reduction in energy consumption between 6 December 2024 and 5 December 2025',
      ],
      [
        'progressUpdate1P3Measures.1.progressUpdate1P3EnergyEfficiencyMeasure.estimationMethodType',
        'Select how the reduction in energy consumption was estimated',
      ],
    ]);
    const done = {
      measureIsImplemented: true,
      measureImplementedByTheDateInActionPlan: false,
      reductionEnergyConsumption2024To2025: 4000,
      estimationMethodType: 'ENERGY_AUDIT',
      reportReduction2024To2025: true,
    };
    expect(
      measuresOf(saved(p, PU1_MEASURES, updates({ [p.after]: done }), false))[1]
        .progressUpdate1P3EnergyEfficiencyMeasure,
    ).toEqual({
      measureIsImplemented: true,
      measureImplementedByTheDateInActionPlan: false,
      reductionEnergyConsumption2024To2025: 4000,
      estimationMethodType: 'ENERGY_AUDIT',
    });
    // A measure the organisation has not carried out: nothing but the context is kept.
    const unimplemented = saved(
      p,
      PU1_MEASURES,
      updates({ [p.after]: { ...done, measureIsImplemented: false, providedContext: 'Delayed' } }),
      false,
    );
    expect(measuresOf(unimplemented)[1].progressUpdate1P3EnergyEfficiencyMeasure).toEqual({
      measureIsImplemented: false,
      providedContext: 'Delayed',
    });
  });
});

describe('saving the measures', () => {
  it('merges answers by measure id: unknown ids and changes to the copied measure are ignored, unsent answers kept', () => {
    const p = started();
    const first = saved(p, PU1_MEASURES, updates({ [p.before]: beforeAnswer }), false);
    const sent = {
      progressUpdate1P3Measures: [
        { uuId: 'not-a-measure', progressUpdate1P3EnergyEfficiencyMeasure: afterAnswer },
        {
          uuId: p.after,
          measureImplType: MEASURE_IMPL_BEFORE,
          actionPlanEnergyEfficiencyMeasure: { measureName: 'Renamed' },
          progressUpdate1P3EnergyEfficiencyMeasure: afterAnswer,
        },
      ],
      progressUpdate1P3AddedMeasure: [],
    };
    const second = saved(first, PU1_MEASURES, sent, false);
    expect(measuresOf(second)).toEqual([
      {
        uuId: p.before,
        measureImplType: MEASURE_IMPL_BEFORE,
        actionPlanEnergyEfficiencyMeasure: actionPlan.energyEfficiencyMeasure.energyEfficiencyMeasures[0],
        progressUpdate1P3EnergyEfficiencyMeasure: beforeAnswer,
      },
      {
        uuId: p.after,
        measureImplType: MEASURE_IMPL_AFTER,
        actionPlanEnergyEfficiencyMeasure: actionPlan.energyEfficiencyMeasure.energyEfficiencyMeasures[1],
        progressUpdate1P3EnergyEfficiencyMeasure: afterAnswer,
      },
    ]);
    // A list sent empty keeps the measures: the server owns them.
    expect(measuresOf(saved(second, PU1_MEASURES, { progressUpdate1P3Measures: [] }, false))).toHaveLength(2);
  });

  it('replaces the added measures, checks them, and allows at most 50', () => {
    const p = started();
    const withAdded = saved(
      p,
      PU1_MEASURES,
      updates({}, [addedMeasure({ reductionEnergyConsumption2024To2025: 300 })]),
      false,
    );
    expect((withAdded.report[PU1_MEASURES] as any).progressUpdate1P3AddedMeasure).toEqual([
      {
        measureName: 'Heat pump',
        measureScheme: [],
        reductionEnergyConsumption2024To2025: 300,
        estimationMethodType: 'ENERGY_AUDIT',
      },
    ]);
    expect(saved(withAdded, PU1_MEASURES, updates({}, []), false).report[PU1_MEASURES]).not.toHaveProperty(
      'progressUpdate1P3AddedMeasure',
    );
    expect(messages(save(p, PU1_MEASURES, updates({}, [{}]), false))).toEqual([
      ['progressUpdate1P3AddedMeasure.0.measureName', 'Enter a name for this measure'],
      [
        'progressUpdate1P3AddedMeasure.0.reductionEnergyConsumption2024To2025',
        'Enter the reduction in energy consumption between 6 December 2024 and 5 December 2025',
      ],
      [
        'progressUpdate1P3AddedMeasure.0.estimationMethodType',
        'Select how the reduction in energy consumption was estimated',
      ],
    ]);
    // An added measure was not in the action plan, so its estimate cannot be the action plan's.
    expect(
      messages(
        save(
          p,
          PU1_MEASURES,
          updates({}, [
            addedMeasure({ reductionEnergyConsumption2024To2025: 1, estimationMethodType: 'ACTION_PLAN_ESTIMATE' }),
          ]),
          false,
        ),
      ),
    ).toEqual([
      [
        'progressUpdate1P3AddedMeasure.0.estimationMethodType',
        'Select how the reduction in energy consumption was estimated',
      ],
    ]);
    const fifty = Array.from({ length: 50 }, () => addedMeasure({ reductionEnergyConsumption2024To2025: 1 }));
    expect('draft' in save(p, PU1_MEASURES, updates({}, fifty), false)).toBe(true);
    expect(messages(save(p, PU1_MEASURES, updates({}, [...fifty, fifty[0]]), false))).toEqual([
      ['progressUpdate1P3AddedMeasure', ADDED_MEASURES_OVER_LIMIT],
    ]);
  });

  it('saves a draft with measures unanswered, but completes only when every measure has its update', () => {
    const p = started();
    expect('draft' in save(p, PU1_MEASURES, updates({ [p.before]: beforeAnswer }), false)).toBe(true);
    expect(messages(save(p, PU1_MEASURES, updates({ [p.before]: beforeAnswer }), true))).toEqual([
      ['progressUpdate1P3Measures.1.progressUpdate1P3EnergyEfficiencyMeasure', measureUnanswered('Boiler')],
    ]);
    const complete = saved(p, PU1_MEASURES, updates({ [p.before]: beforeAnswer, [p.after]: afterAnswer }), true);
    expect(complete.sectionsCompleted).toEqual({ [PU1_MEASURES]: 'COMPLETED' });
  });
});

describe('change of group', () => {
  const empty: ReportDraft = { report: {}, sectionsCompleted: {}, prefill: { isDisaggregateUndertaking: true } };

  it('belongs only to a disaggregated undertaking', () => {
    expect(messages(save(started(), 'groupChange', { otherResponsibleUndertakingName: 'Parent plc' }))).toEqual([
      ['', 'Invalid section'],
    ]);
    const stored = saved(
      empty,
      'groupChange',
      { otherResponsibleUndertakingName: ' Parent plc ', otherResponsibleUndertakingCrn: 'CD654321' },
      true,
      disaggregated,
    );
    expect(stored.report.groupChange).toEqual({
      otherResponsibleUndertakingName: 'Parent plc',
      otherResponsibleUndertakingCrn: 'CD654321',
    });
    // Both are optional.
    expect(saved(empty, 'groupChange', {}, true, disaggregated).sectionsCompleted).toEqual({
      groupChange: 'COMPLETED',
    });
    // A submission of an undertaking that is not disaggregated may not carry one.
    expect(
      validateReport(progressUpdate1Report, { ...stored, prefill: { isDisaggregateUndertaking: false } }, facts),
    ).toContainEqual({ section: 'groupChange', path: '', message: 'Invalid section' });
  });

  it('may not name this organisation or its registration number', () => {
    expect(
      messages(
        save(
          empty,
          'groupChange',
          { otherResponsibleUndertakingName: 'ACME widgets ltd', otherResponsibleUndertakingCrn: 'ab 123456' },
          true,
          disaggregated,
        ),
      ),
    ).toEqual([
      ['otherResponsibleUndertakingName', SAME_NAME_AS_ACCOUNT],
      ['otherResponsibleUndertakingCrn', SAME_CRN_AS_ACCOUNT],
    ]);
    expect(
      messages(save(empty, 'groupChange', { otherResponsibleUndertakingName: 'x'.repeat(256) }, true, disaggregated)),
    ).toEqual([['otherResponsibleUndertakingName', expect.stringContaining('255')]]);
  });
});

describe('responsible officer confirmation', () => {
  it('takes exactly the first statement, and both once any update or added measure used some other method', () => {
    const p = started();
    const plain = saved(p, PU1_MEASURES, updates({ [p.before]: beforeAnswer, [p.after]: afterAnswer }));
    expect(
      messages(
        save(plain, 'responsibleOfficerConfirmation', {
          confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value, ESTIMATION_METHOD_DOCUMENTED.value],
        }),
      ),
    ).toEqual([['confirmations', CONFIRM_ALL]]);
    const confirmed = saved(plain, 'responsibleOfficerConfirmation', {
      confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value],
    });
    expect(validateReport(progressUpdate1Report, confirmed, facts)).toEqual([]);

    const other = addedMeasure({
      reductionEnergyConsumption2024To2025: 50,
      estimationMethodType: 'OTHER_METHOD',
      estimationMethodDescription: 'Engineering estimate',
    });
    const changed = saved(confirmed, PU1_MEASURES, updates({}, [other]));
    expect(changed.sectionsCompleted.responsibleOfficerConfirmation).toBe('IN_PROGRESS');
    expect(
      messages(save(changed, 'responsibleOfficerConfirmation', { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value] })),
    ).toEqual([['confirmations', CONFIRM_ALL]]);
    const both = saved(changed, 'responsibleOfficerConfirmation', {
      confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value, ESTIMATION_METHOD_DOCUMENTED.value],
    });
    expect(validateReport(progressUpdate1Report, both, facts)).toEqual([]);
  });
});

it('reads back as the summary and the read-only view show it: each measure by name, its copy and its update, no ids', () => {
  const p = started();
  const done = saved(p, PU1_MEASURES, updates({ [p.before]: beforeAnswer, [p.after]: afterAnswer }));
  const [measures] = reportAnswers(progressUpdate1Report, done.report, facts);
  expect(measures!.title).toBe('Update for energy efficiency measures');
  expect(measures!.rows.map((r) => r.key)).toEqual([
    'LED lighting',
    'Boiler',
    'Energy efficiency measures not in the action plan',
  ]);
  const led = measures!.rows[0]!.value;
  expect(led).toContain('Implementation: Implementation date before the action plan was submitted');
  expect(led).toEqual(
    expect.arrayContaining([
      'Measure name: LED lighting',
      'Implementation date: March 2024',
      'Reduction reported between 6 December 2024 and 5 December 2025: No',
    ]),
  );
  expect(led.join(' ')).not.toContain(p.before);
});
