// The action plan's rules (reference workflows §8.2), as a save and a submission meet them on the
// server: every condition, limit, cross-field rule and message.
import { applySectionSave, taskList, validateReport, type ReportDraft } from '../../domain/reports/report';
import {
  actionPlanReport,
  ADD_A_MEASURE,
  ESOS_ASSESSMENT_NOTIFICATION,
  ESTIMATION_METHOD_DESCRIPTION,
  NO_MEASURES_ANSWER,
} from './report';
import {
  IMPLEMENTATION_TOO_EARLY,
  IMPLEMENTATION_TOO_LATE,
  MEASURES_OVER_LIMIT,
  SAVINGS_TOTAL_NOT_POSITIVE,
} from '../../domain/reports/measure-fields';
import { ENERGY_SUM_MISMATCH } from '../../domain/reports/common-fields';
import { CONFIRM_ALL } from '../../domain/reports/common-fields';
import { apMeasure } from '../../test/fixtures/measures';

const empty: ReportDraft = { report: {}, sectionsCompleted: {} };

function save(section: string, data: Record<string, unknown>, complete = true, stored = empty) {
  return applySectionSave(actionPlanReport, stored, { section, data, complete }, {});
}

function saved(section: string, data: Record<string, unknown>, stored = empty): ReportDraft {
  const result = save(section, data, true, stored);
  if ('issues' in result) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.draft;
}

const messages = (result: ReturnType<typeof save>) =>
  'issues' in result ? result.issues.map((i) => [i.path, i.message]) : [];
const measures = (...items: Record<string, unknown>[]) => ({
  haveEnergyEfficiencyMeasures: true,
  energyEfficiencyMeasures: items,
});

describe('energy efficiency measures', () => {
  it('asks whether there are measures, and keeps the context only when there are none', () => {
    expect(messages(save('energyEfficiencyMeasure', {}))).toEqual([
      ['haveEnergyEfficiencyMeasures', NO_MEASURES_ANSWER],
    ]);
    const none = saved('energyEfficiencyMeasure', {
      haveEnergyEfficiencyMeasures: false,
      noMeasureContext: ' Already efficient ',
      energyEfficiencyMeasures: [apMeasure()],
    });
    expect(none.report.energyEfficiencyMeasure).toEqual({
      haveEnergyEfficiencyMeasures: false,
      noMeasureContext: 'Already efficient',
    });
    const some = saved('energyEfficiencyMeasure', { ...measures(apMeasure()), noMeasureContext: 'Dropped' });
    expect(some.report.energyEfficiencyMeasure).not.toHaveProperty('noMeasureContext');
  });

  it('needs at least one measure when there are measures, and no more than 100', () => {
    expect(messages(save('energyEfficiencyMeasure', measures()))).toEqual([
      ['energyEfficiencyMeasures', ADD_A_MEASURE],
    ]);
    expect(
      messages(save('energyEfficiencyMeasure', measures(...Array.from({ length: 101 }, () => apMeasure())))),
    ).toEqual([['energyEfficiencyMeasures', MEASURES_OVER_LIMIT]]);
    expect(
      'draft' in save('energyEfficiencyMeasure', measures(...Array.from({ length: 100 }, () => apMeasure()))),
    ).toBe(true);
  });

  it('checks each measure: name, audit, savings by purpose with a positive total, month window, estimation method', () => {
    const result = save('energyEfficiencyMeasure', measures({}));
    expect(messages(result)).toEqual([
      ['energyEfficiencyMeasures.0.measureName', 'Enter a name for this measure'],
      [
        'energyEfficiencyMeasures.0.isEnergySavingsOpportunityReportedInAudit',
        'Select yes if this measure is a result of an energy savings opportunity reported in an energy audit',
      ],
      [
        'energyEfficiencyMeasures.0.totalEnergySavingsExpected.buildings',
        'Enter the expected energy savings for buildings',
      ],
      [
        'energyEfficiencyMeasures.0.totalEnergySavingsExpected.transport',
        'Enter the expected energy savings for transport',
      ],
      [
        'energyEfficiencyMeasures.0.totalEnergySavingsExpected.industrialProcesses',
        'Enter the expected energy savings for industrial processes',
      ],
      [
        'energyEfficiencyMeasures.0.totalEnergySavingsExpected.otherProcesses',
        'Enter the expected energy savings for other processes',
      ],
      // No total is worked out from missing parts: only their own messages show.
      [
        'energyEfficiencyMeasures.0.implementationDateForMeasure',
        'Enter the date the measure is expected to be implemented',
      ],
      [
        'energyEfficiencyMeasures.0.energySavingsEstimateCalculatedType',
        'Select how the total energy savings estimate was calculated',
      ],
    ]);
    const zero = { buildings: 0, transport: 0, industrialProcesses: 0, otherProcesses: 0 };
    expect(
      messages(save('energyEfficiencyMeasure', measures(apMeasure({ totalEnergySavingsExpected: zero })))),
    ).toEqual([['energyEfficiencyMeasures.0.totalEnergySavingsExpected.total', SAVINGS_TOTAL_NOT_POSITIVE]]);
    expect(
      messages(
        save(
          'energyEfficiencyMeasure',
          measures(apMeasure({ totalEnergySavingsExpected: { ...zero, buildings: 5, total: 6 } })),
        ),
      ),
    ).toEqual([['energyEfficiencyMeasures.0.totalEnergySavingsExpected.total', ENERGY_SUM_MISMATCH]]);
    expect(
      messages(
        save(
          'energyEfficiencyMeasure',
          measures(apMeasure({ totalEnergySavingsExpected: { ...zero, buildings: -1 } })),
        ),
      )[0]![1],
    ).toBe('Must accept only positive integer values or zero');
    expect(
      messages(save('energyEfficiencyMeasure', measures(apMeasure({ implementationDateForMeasure: '2023-11' })))),
    ).toEqual([['energyEfficiencyMeasures.0.implementationDateForMeasure', IMPLEMENTATION_TOO_EARLY]]);
    expect(
      messages(
        save(
          'energyEfficiencyMeasure',
          measures(apMeasure({ implementationDateForMeasure: { month: '1', year: '2028' } })),
        ),
      ),
    ).toEqual([['energyEfficiencyMeasures.0.implementationDateForMeasure', IMPLEMENTATION_TOO_LATE]]);
    expect(messages(save('energyEfficiencyMeasure', measures(apMeasure({ measureName: 'x'.repeat(256) }))))).toEqual([
      ['energyEfficiencyMeasures.0.measureName', expect.stringContaining('255')],
    ]);
  });

  it('asks for the method only for some other estimation method, and the other scheme only with Other', () => {
    expect(
      messages(
        save(
          'energyEfficiencyMeasure',
          measures(apMeasure({ energySavingsEstimateCalculatedType: 'OTHER_REASONABLE_ESTIMATION_METHOD' })),
        ),
      ),
    ).toEqual([['energyEfficiencyMeasures.0.estimationMethodDescription', 'Describe the estimation method']]);
    const stored = saved(
      'energyEfficiencyMeasure',
      measures(
        apMeasure({
          energySavingsEstimateCalculatedType: 'ENERGY_AUDIT',
          estimationMethodDescription: 'dropped',
          otherMeasureSchemeName: 'dropped',
        }),
        apMeasure({
          energySavingsEstimateCalculatedType: 'OTHER_REASONABLE_ESTIMATION_METHOD',
          estimationMethodDescription: 'Metered sample',
          measureScheme: ['OTHER'],
          otherMeasureSchemeName: 'Local pledge',
        }),
        apMeasure({ measureScheme: ['OTHER'] }),
      ),
    );
    const [first, second, third] = (
      stored.report.energyEfficiencyMeasure as { energyEfficiencyMeasures: Record<string, unknown>[] }
    ).energyEfficiencyMeasures;
    expect(first).not.toHaveProperty('estimationMethodDescription');
    expect(first).not.toHaveProperty('otherMeasureSchemeName');
    expect(first!.totalEnergySavingsExpected).toEqual({
      buildings: 12000,
      transport: 0,
      industrialProcesses: 0,
      otherProcesses: 500,
      total: 12500,
    });
    expect(second).toMatchObject({
      estimationMethodDescription: 'Metered sample',
      otherMeasureSchemeName: 'Local pledge',
    });
    // The other scheme's name is optional even with Other.
    expect(third).toMatchObject({ measureScheme: ['OTHER'] });
  });
});

describe('responsible officer confirmation', () => {
  const plain = saved('energyEfficiencyMeasure', measures(apMeasure()));
  const other = saved(
    'energyEfficiencyMeasure',
    measures(
      apMeasure(),
      apMeasure({
        energySavingsEstimateCalculatedType: 'OTHER_REASONABLE_ESTIMATION_METHOD',
        estimationMethodDescription: 'Sampling',
      }),
    ),
  );

  it('cannot start before the measures are completed', () => {
    expect(taskList(actionPlanReport, empty, {})).toEqual([
      {
        title: 'Prepare Action Plan',
        sections: [{ id: 'energyEfficiencyMeasure', title: 'Energy efficiency measures', status: 'NOT_STARTED' }],
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
    expect(taskList(actionPlanReport, plain, {})[1]!.sections[0]!.status).toBe('NOT_STARTED');
  });

  it('takes exactly the first statement when no estimate used another method, also with no measures', () => {
    const none = saved('energyEfficiencyMeasure', { haveEnergyEfficiencyMeasures: false });
    for (const stored of [plain, none]) {
      expect(messages(save('responsibleOfficerConfirmation', {}, true, stored))).toEqual([
        ['confirmations', CONFIRM_ALL],
      ]);
      expect(
        messages(
          save(
            'responsibleOfficerConfirmation',
            { confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value, ESTIMATION_METHOD_DESCRIPTION.value] },
            true,
            stored,
          ),
        ),
      ).toEqual([['confirmations', CONFIRM_ALL]]);
      expect(
        saved('responsibleOfficerConfirmation', { confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value] }, stored).report
          .responsibleOfficerConfirmation,
      ).toEqual({ confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value] });
    }
  });

  it('needs both statements when a measure was estimated by some other method', () => {
    expect(
      messages(
        save('responsibleOfficerConfirmation', { confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value] }, true, other),
      ),
    ).toEqual([['confirmations', CONFIRM_ALL]]);
    expect(
      'draft' in
        save(
          'responsibleOfficerConfirmation',
          { confirmations: [ESTIMATION_METHOD_DESCRIPTION.value, ESOS_ASSESSMENT_NOTIFICATION.value] },
          true,
          other,
        ),
    ).toBe(true);
  });

  it('is reopened when a measure changes to another method after it was confirmed, and the submission says so', () => {
    const confirmed = saved(
      'responsibleOfficerConfirmation',
      { confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value] },
      plain,
    );
    expect(validateReport(actionPlanReport, confirmed, {})).toEqual([]);
    const changed = saved(
      'energyEfficiencyMeasure',
      measures(
        apMeasure({
          energySavingsEstimateCalculatedType: 'OTHER_REASONABLE_ESTIMATION_METHOD',
          estimationMethodDescription: 'Sampling',
        }),
      ),
      confirmed,
    );
    expect(changed.sectionsCompleted).toEqual({
      energyEfficiencyMeasure: 'COMPLETED',
      responsibleOfficerConfirmation: 'IN_PROGRESS',
    });
    expect(validateReport(actionPlanReport, changed, {})).toEqual([
      {
        section: 'responsibleOfficerConfirmation',
        path: '',
        message: 'Complete the responsible officer confirmation section',
      },
    ]);
  });
});
