// The first and second compliance periods (reference workflows §7.5): optional history, with the
// significant energy consumption's share of the organisational energy consumption worked out.
import { ENERGY_SUM_MISMATCH, SIGNIFICANT_PCT_MISMATCH } from '../../domain/reports/common-fields';
import { sectionOf } from '../../domain/reports/report';
import { sectionCells, sectionColumns } from '../../domain/reports/columns';
import { notificationReport } from './report';
import { informationExistsRequired } from './sections/compliance-period';
import { changed, completing, issuesOf } from '../../test/section-check';

const energy = (buildings: number, transport: number, industrialProcesses: number, otherProcesses: number) => ({
  buildings,
  transport,
  industrialProcesses,
  otherProcesses,
});

it('needs an answer on whether there is information, and asks nothing more without YES', () => {
  expect(issuesOf('esos95To100', 'firstCompliancePeriod', { informationExists: undefined })[0]).toEqual([
    'informationExists',
    informationExistsRequired('first'),
  ]);
  expect(informationExistsRequired('second')).toBe(
    'Select whether you want to provide historical information about the second compliance period',
  );
  const skipped = completing(
    changed('esos95To100', 'secondCompliancePeriod', { informationExists: 'SKIP_QUESTION' }),
    'secondCompliancePeriod',
  );
  expect(skipped).toEqual({ issues: [], values: { informationExists: 'SKIP_QUESTION' } });
});

it('asks the same pages of both periods, and the reduction achieved only for the second', () => {
  const first = sectionOf(notificationReport, 'firstCompliancePeriod')!;
  const second = sectionOf(notificationReport, 'secondCompliancePeriod')!;
  expect(first.steps.map((s) => s.id)).toEqual([
    'information-exists',
    'organisational-energy-consumption',
    'significant-energy-consumption',
    'explanation',
    'potential-reduction',
  ]);
  expect(second.steps.map((s) => s.id)).toEqual([
    'information-exists',
    'organisational-energy-consumption',
    'significant-energy-consumption',
    'explanation',
    'potential-reduction',
    'reduction-achieved',
  ]);
  expect(first.steps[0]!.description).toEqual([
    'The first compliance period lasted from 17 July 2014 to 5 December 2015.',
  ]);
  expect(second.steps[0]!.description).toEqual([
    'The second compliance period lasted from 6 December 2015 to 5 December 2019.',
  ]);
});

it('works out the significant energy consumption’s share of the organisational total, rounded down', () => {
  // First period: 16,100,000 of 16,800,000 kWh is 95.83 %.
  const first = completing(
    changed('esos95To100', 'firstCompliancePeriod', { significantEnergyConsumption: energy(4900000, 11200000, 0, 0) }),
    'firstCompliancePeriod',
  );
  expect(first.values.significantEnergyConsumption).toEqual({
    ...energy(4900000, 11200000, 0, 0),
    total: 16100000,
    significantEnergyConsumptionPct: 95,
  });
  // Second period: of the breakdown's total, 15,500,000 kWh.
  const second = completing(
    changed('esos95To100', 'secondCompliancePeriod', { significantEnergyConsumption: energy(7750000, 0, 0, 0) }),
    'secondCompliancePeriod',
  );
  expect(second.values.significantEnergyConsumption).toMatchObject({
    total: 7750000,
    significantEnergyConsumptionPct: 50,
  });
  // A share sent that is not the share is refused.
  expect(
    issuesOf('esos95To100', 'firstCompliancePeriod', {
      significantEnergyConsumption: {
        ...energy(4900000, 11200000, 0, 0),
        total: 16100000,
        significantEnergyConsumptionPct: 96,
      },
    }),
  ).toEqual([['significantEnergyConsumption.significantEnergyConsumptionPct', SIGNIFICANT_PCT_MISMATCH]]);
  // Without the organisational total there is no share.
  const noTotal = completing(
    changed('esos95To100', 'firstCompliancePeriod', {
      organisationalEnergyConsumption: undefined,
      significantEnergyConsumption: energy(1, 0, 0, 0),
    }),
    'firstCompliancePeriod',
  );
  expect(noTotal.issues).toEqual([]);
  expect(noTotal.values.significantEnergyConsumption).toEqual({ ...energy(1, 0, 0, 0), total: 1 });
});

it('lets every figure be left out, and checks the totals of those given', () => {
  const bare = completing(
    changed('esos95To100', 'secondCompliancePeriod', {
      organisationalEnergyConsumption: undefined,
      organisationalEnergyConsumptionBreakdown: undefined,
      significantEnergyConsumption: undefined,
      explanation: undefined,
      potentialReduction: { buildings: '', transport: null },
      reductionAchieved: undefined,
    }),
    'secondCompliancePeriod',
  );
  expect(bare).toEqual({ issues: [], values: { informationExists: 'YES' } });
  expect(
    issuesOf('esos95To100', 'secondCompliancePeriod', { reductionAchieved: { buildings: 10, total: 11 } }),
  ).toEqual([['reductionAchieved.total', ENERGY_SUM_MISMATCH]]);
  const partial = completing(
    changed('esos95To100', 'secondCompliancePeriod', { reductionAchieved: { buildings: 10, transport: 5 } }),
    'secondCompliancePeriod',
  );
  expect(partial.values.reductionAchieved).toEqual({ buildings: 10, transport: 5, total: 15 });
});

describe('the second period’s organisational energy consumption (issue 26)', () => {
  const second = sectionOf(notificationReport, 'secondCompliancePeriod')!;

  it('is asked both as a single total and as a breakdown, on one page', () => {
    const step = second.steps.find((s) => s.id === 'organisational-energy-consumption')!;
    expect(step.fields.map((f) => f.name)).toEqual([
      'organisationalEnergyConsumption',
      'organisationalEnergyConsumptionBreakdown',
    ]);
    expect(step.fields[0]!.label).toBe(
      'What was the organisational energy consumption in kWh for the second period? (optional)',
    );
  });

  it('gives the total its own MI column and summary row, before the breakdown’s', () => {
    const headings = sectionColumns(second).map((c) => c.heading);
    const total = headings.indexOf(
      'What was the organisational energy consumption in kWh for the second period? (optional)',
    );
    expect(total).toBeGreaterThan(0);
    expect(headings[total + 1]).toBe(
      'What was the breakdown of the organisational energy consumption in kWh for the second period? (optional) - Buildings',
    );
    const values = completing(changed('esos95To100', 'secondCompliancePeriod', {}), 'secondCompliancePeriod').values;
    expect(sectionCells(sectionColumns(second), values)[total]).toBe('15,500,000 kWh');
  });

  it('refuses a single total of 16 digits rather than dropping it, as the first period does', () => {
    const sixteen = 1234567890123456;
    const [firstIssue] = issuesOf('esos95To100', 'firstCompliancePeriod', { organisationalEnergyConsumption: sixteen });
    expect(firstIssue?.[0]).toBe('organisationalEnergyConsumption');
    expect(issuesOf('esos95To100', 'secondCompliancePeriod', { organisationalEnergyConsumption: sixteen })).toEqual([
      firstIssue,
    ]);
    const kept = completing(
      changed('esos95To100', 'secondCompliancePeriod', { organisationalEnergyConsumption: 15500000 }),
      'secondCompliancePeriod',
    );
    expect(kept.issues).toEqual([]);
    expect(kept.values.organisationalEnergyConsumption).toBe(15500000);
  });

  it('checks the significant share against the single total when it is given, else against the breakdown’s total', () => {
    // 14,900,000 of 20,000,000 kWh is 74.5 %: 74, not the breakdown's 96.
    const withTotal = completing(
      changed('esos95To100', 'secondCompliancePeriod', {
        organisationalEnergyConsumption: 20000000,
        significantEnergyConsumption: energy(4500000, 10400000, 0, 0),
      }),
      'secondCompliancePeriod',
    );
    expect(withTotal.values.significantEnergyConsumption).toMatchObject({
      total: 14900000,
      significantEnergyConsumptionPct: 74,
    });
    expect(issuesOf('esos95To100', 'secondCompliancePeriod', { organisationalEnergyConsumption: 20000000 })).toEqual([
      ['significantEnergyConsumption.significantEnergyConsumptionPct', SIGNIFICANT_PCT_MISMATCH],
    ]);
    // A draft saved before the single total was asked still loads and keeps its breakdown's share.
    const old = completing(
      changed('esos95To100', 'secondCompliancePeriod', { organisationalEnergyConsumption: undefined }),
      'secondCompliancePeriod',
    );
    expect(old.issues).toEqual([]);
    expect(old.values).not.toHaveProperty('organisationalEnergyConsumption');
    expect(old.values.significantEnergyConsumption).toMatchObject({ significantEnergyConsumptionPct: 96 });
  });
});
