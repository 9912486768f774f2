// What a changed answer does to the rest of the notification (reference workflows §7.4, §7.6):
// sections that no longer apply go, answers no longer asked are dropped, and completed sections
// that now lack answers are reopened.
import {
  applySectionSave,
  readyToSubmit,
  validateReport,
  type ReportDraft,
  type SectionSave,
} from '../../domain/reports/report';
import { categoryOf } from './category';
import { notificationReport } from './report';
import { needsSecondOfficer } from './sections/confirmations';
import { completeReport, completeReports } from '../../test/fixtures/notification-reports';

function save(stored: ReportDraft, section: string, data: Record<string, unknown>, complete = true): ReportDraft {
  const result = applySectionSave(notificationReport, stored, { section, data, complete } as SectionSave, {});
  if ('issues' in result) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

const obligation = (
  payload: ReportDraft,
  distribution: [number, number, number, number, number],
  energyResponsibilityType = 'RESPONSIBLE',
) => {
  const [iso50001Pct, displayEnergyCertificatePct, greenDealAssessmentPct, energyAuditsPct, energyNotAuditedPct] =
    distribution;
  return {
    ...payload.report.reportingObligation,
    energyResponsibilityType,
    complianceRouteDistribution: {
      iso50001Pct,
      displayEnergyCertificatePct,
      greenDealAssessmentPct,
      energyAuditsPct,
      energyNotAuditedPct,
    },
  };
};

describe('the category decided by the reporting obligation', () => {
  it('follows reference §7.4', () => {
    const of = (energyResponsibilityType: string, d?: [number, number, number, number, number]) =>
      categoryOf({
        qualificationType: 'QUALIFY',
        energyResponsibilityType,
        ...(d
          ? {
              complianceRouteDistribution: {
                iso50001Pct: d[0],
                displayEnergyCertificatePct: d[1],
                greenDealAssessmentPct: d[2],
                energyAuditsPct: d[3],
                energyNotAuditedPct: d[4],
              },
            }
          : {}),
      });
    expect(categoryOf({ qualificationType: 'NOT_QUALIFY' })).toBe('NOT_QUALIFY');
    expect(of('NOT_RESPONSIBLE')).toBe('ZERO_ENERGY');
    expect(of('RESPONSIBLE_BUT_LESS_THAN_40000_KWH', [0, 0, 0, 100, 0])).toBe('LESS_THAN_40000_KWH_PER_YEAR');
    expect(of('RESPONSIBLE', [100, 0, 0, 0, 0])).toBe('ISO_50001_COVERING_ENERGY_USAGE');
    expect(of('RESPONSIBLE', [50, 0, 0, 45, 5])).toBe('PARTIAL_ENERGY_ASSESSMENTS');
    expect(of('RESPONSIBLE', [0, 0, 1, 99, 0])).toBe('PARTIAL_ENERGY_ASSESSMENTS');
    expect(of('RESPONSIBLE', [50, 45, 0, 0, 5])).toBe('ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100');
    expect(of('RESPONSIBLE', [0, 0, 0, 95, 5])).toBe('ESOS_ENERGY_ASSESSMENTS_95_TO_100');
    expect(of('RESPONSIBLE')).toBeNull();
    expect(categoryOf({ qualificationType: 'QUALIFY' })).toBeNull();
    expect(categoryOf(undefined)).toBeNull();
  });
});

describe('changing the category', () => {
  it('from ESOS 95–100 to ISO 50001: removes the audit sections, adds alternative routes, reopens savings achieved', () => {
    const after = save(
      completeReport('esos95To100'),
      'reportingObligation',
      obligation(completeReports.esos95To100, [100, 0, 0, 0, 0]),
    );
    expect(after.report).not.toHaveProperty('energySavingsOpportunities');
    expect(after.report).not.toHaveProperty('leadAssessor');
    expect(after.sectionsCompleted).not.toHaveProperty('energySavingsOpportunities');
    expect(after.sectionsCompleted).not.toHaveProperty('leadAssessor');
    // The audit answers are dropped; what is left is still complete.
    expect(Object.keys(after.report.complianceRoute!).sort()).toEqual([
      'areEstimationMethodsRecorded',
      'estimatedCalculationTypes',
      'partsProhibitedFromDisclosing',
      'partsProhibitedFromDisclosingExist',
      'partsProhibitedFromDisclosingReason',
    ]);
    expect(after.sectionsCompleted.complianceRoute).toBe('COMPLETED');
    // ISO asks one total of savings achieved instead of the breakdown.
    expect(after.report.energySavingsAchieved).not.toHaveProperty('energySavingsEstimation');
    expect(after.report.energySavingsAchieved).not.toHaveProperty('energySavingsCategories');
    expect(after.sectionsCompleted.energySavingsAchieved).toBe('IN_PROGRESS');
    expect(after.sectionsCompleted.confirmations).toBe('COMPLETED');
    expect(validateReport(notificationReport, after, {}).map((v) => [v.section, v.message])).toEqual([
      ['alternativeComplianceRoutes', 'Complete the alternative routes to compliance section'],
      ['energySavingsAchieved', 'Complete the energy savings achieved section'],
    ]);
  });

  it('to not qualifying: leaves the reporting obligation alone, ready to submit', () => {
    const after = save(completeReport('partial'), 'reportingObligation', {
      qualificationType: 'NOT_QUALIFY',
      noQualificationReason: 'Under the thresholds on 31 December 2022.',
    });
    expect(Object.keys(after.report)).toEqual(['reportingObligation']);
    expect(after.sectionsCompleted).toEqual({ reportingObligation: 'COMPLETED' });
    expect(readyToSubmit(notificationReport, after, {})).toBe(true);
  });

  it('to zero energy: swaps the confirmation statements and drops the review date, reopening the confirmation', () => {
    const after = save(completeReport('esos95To100'), 'reportingObligation', {
      ...completeReports.esos95To100.report.reportingObligation,
      energyResponsibilityType: 'NOT_RESPONSIBLE',
      complianceRouteDistribution: undefined,
    });
    expect(Object.keys(after.report).sort()).toEqual([
      'confirmations',
      'contactPersons',
      'firstCompliancePeriod',
      'organisationStructure',
      'reportingObligation',
      'responsibleUndertaking',
      'secondCompliancePeriod',
    ]);
    expect(after.report.reportingObligation).not.toHaveProperty('complianceRouteDistribution');
    expect(Object.keys(after.report.confirmations!)).toEqual(['responsibleOfficerDetails']);
    expect(after.sectionsCompleted.confirmations).toBe('IN_PROGRESS');
  });

  it('to under 40,000 kWh: a second officer is needed, reopening the confirmation', () => {
    const after = save(
      completeReport('esos95To100'),
      'reportingObligation',
      obligation(completeReports.esos95To100, [0, 0, 0, 100, 0], 'RESPONSIBLE_BUT_LESS_THAN_40000_KWH'),
    );
    expect(after.report).not.toHaveProperty('leadAssessor');
    expect(after.sectionsCompleted.confirmations).toBe('IN_PROGRESS');
    expect(validateReport(notificationReport, after, {}).map((v) => v.section)).toEqual(['confirmations']);
  });

  it('drops the assets and certificates of a route brought down to 0 %, keeping the section complete', () => {
    // partial: ISO 40 %, DECs 10 % → ISO 50 %, DECs 0 %.
    const after = save(
      completeReport('partial'),
      'reportingObligation',
      obligation(completeReports.partial, [50, 0, 0, 48, 2]),
    );
    expect(after.report.alternativeComplianceRoutes!.assets).toEqual({ iso50001: expect.any(String) });
    expect(after.report.alternativeComplianceRoutes).not.toHaveProperty('decCertificatesDetails');
    expect(after.sectionsCompleted.alternativeComplianceRoutes).toBe('COMPLETED');
    expect(validateReport(notificationReport, after, {})).toEqual([]);
  });

  it('reopens a route raised above 0 % that has no assets yet', () => {
    const after = save(
      completeReport('partial'),
      'reportingObligation',
      obligation(completeReports.partial, [40, 5, 5, 48, 2]),
    );
    expect(after.sectionsCompleted.alternativeComplianceRoutes).toBe('IN_PROGRESS');
  });

  it('reopens the energy consumption when some energy is no longer covered and significant energy consumption is not used', () => {
    // alternative95To100 does not use significant energy consumption; now 3 % is not covered.
    const after = save(
      completeReport('alternative95To100'),
      'reportingObligation',
      obligation(completeReports.alternative95To100, [60, 25, 12, 0, 3]),
    );
    expect(after.sectionsCompleted.energyConsumptionDetails).toBe('IN_PROGRESS');
    expect(after.report.energyConsumptionDetails).toMatchObject({ significantEnergyConsumptionExists: false });
  });
});

describe('changing other answers', () => {
  it('an external lead assessor drops the second officer; an internal one asks for it again', () => {
    const external = save(completeReport('partial'), 'leadAssessor', {
      ...completeReports.partial.report.leadAssessor,
      leadAssessorType: 'EXTERNAL',
    });
    expect(external.report.confirmations).not.toHaveProperty('secondResponsibleOfficerDetails');
    expect(external.report.confirmations).not.toHaveProperty('secondResponsibleOfficerEnergyTypes');
    expect(external.sectionsCompleted.confirmations).toBe('COMPLETED');
    const internal = save(external, 'leadAssessor', {
      ...completeReports.partial.report.leadAssessor,
      leadAssessorType: 'INTERNAL',
    });
    expect(internal.sectionsCompleted.confirmations).toBe('IN_PROGRESS');
    expect(needsSecondOfficer(notificationReport.context(internal.report, {}))).toBe(true);
  });

  it('a responsible undertaking given an associated organisation’s number reopens the organisation structure', () => {
    const payload = completeReport('esos95To100');
    const ru = payload.report.responsibleUndertaking!;
    const after = save(payload, 'responsibleUndertaking', {
      ...ru,
      organisationDetails: { ...(ru.organisationDetails as object), registrationNumber: '03795142' },
    });
    expect(after.sectionsCompleted.organisationStructure).toBe('IN_PROGRESS');
    expect(after.sectionsCompleted.responsibleUndertaking).toBe('COMPLETED');
  });

  it('fewer purposes using energy drop their intensity ratios; more reopen the section', () => {
    const payload = completeReport('iso50001');
    const details = payload.report.energyConsumptionDetails!;
    const fewer = save(payload, 'energyConsumptionDetails', {
      ...details,
      totalEnergyConsumption: { buildings: 3100000, transport: 0, industrialProcesses: 0, otherProcesses: 0 },
    });
    expect(Object.keys(fewer.report.energyConsumptionDetails!.energyIntensityRatioData as object)).toEqual([
      'buildings',
    ]);
    expect(() =>
      save(payload, 'energyConsumptionDetails', {
        ...details,
        totalEnergyConsumption: { buildings: 1, transport: 1, industrialProcesses: 1, otherProcesses: 0 },
      }),
    ).toThrow('Add at least one energy intensity ratio for industrial processes');
  });
});
