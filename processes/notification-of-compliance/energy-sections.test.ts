// The rules of the notification's energy sections (reference workflows §7.5): each limit and rule
// across fields, refused with its message and accepted when met.
import { COST_SUM_MISMATCH, ENERGY_SUM_MISMATCH, SIGNIFICANT_PCT_MISMATCH } from '../../domain/reports/common-fields';
import { sectionRows, sectionOf } from '../../domain/reports/report';
import { notificationReport } from './report';
import {
  ENERGY_AUDITS_REQUIRED,
  ESTIMATES_EXCLUSIVE,
  ESTIMATES_REQUIRED,
  PROHIBITED_PARTS_REQUIRED,
  TWELVE_MONTHS_REASON_REQUIRED,
} from './sections/compliance-route';
import {
  RATIO_REQUIRED,
  SEC_RANGE,
  SEC_REQUIRED_WHEN_NOT_AUDITED,
  SEC_TOTAL_POSITIVE,
  TOTAL_POSITIVE,
  ratiosRequired,
  secPartAboveTotal,
} from './sections/energy-consumption-details';
import {
  CERTIFICATE_ALL_OR_NONE,
  VALID_FROM_MAX,
  VALID_UNTIL_AFTER_FROM,
  VALID_UNTIL_MIN,
  assetsRequired,
} from './sections/alternative-compliance-routes';
import { RECOMMENDATIONS_OVER_100, TOTAL_ESTIMATE_REQUIRED } from './sections/energy-savings-achieved';
import { completeReports } from '../../test/fixtures/notification-reports';
import { changed, completing, issuesOf } from '../../test/section-check';

const energy = (
  buildings: number,
  transport: number,
  industrialProcesses: number,
  otherProcesses: number,
  total?: number,
) => ({
  buildings,
  transport,
  industrialProcesses,
  otherProcesses,
  ...(total === undefined ? {} : { total }),
});

describe('compliance route', () => {
  it('needs the estimates, with "none of the above" only on its own', () => {
    expect(issuesOf('esos95To100', 'complianceRoute', { estimatedCalculationTypes: [] })).toEqual([
      ['estimatedCalculationTypes', ESTIMATES_REQUIRED],
    ]);
    expect(
      issuesOf('esos95To100', 'complianceRoute', {
        estimatedCalculationTypes: ['NONE_OF_THE_ABOVE', 'TOTAL_OR_SIGNIFICANT_ENERGY_CONSUMPTION'],
      }),
    ).toEqual([['estimatedCalculationTypes', ESTIMATES_EXCLUSIVE]]);
    expect(issuesOf('esos95To100', 'complianceRoute', { estimatedCalculationTypes: ['NONE_OF_THE_ABOVE'] })).toEqual(
      [],
    );
  });

  it('asks why the audits did not use 12 months of verifiable data, only when they did not', () => {
    expect(issuesOf('esos95To100', 'complianceRoute', { twelveMonthsVerifiableDataUsedReason: undefined })).toEqual([
      ['twelveMonthsVerifiableDataUsedReason', TWELVE_MONTHS_REASON_REQUIRED],
    ]);
    const used = completing(
      changed('esos95To100', 'complianceRoute', { areTwelveMonthsVerifiableDataUsed: true }),
      'complianceRoute',
    );
    expect(used.issues).toEqual([]);
    expect(used.values).not.toHaveProperty('twelveMonthsVerifiableDataUsedReason');
  });

  it('asks whether profiling methods are recorded after YES, and whether its absence is recorded after NO or not applicable', () => {
    const no = completing(
      changed('esos95To100', 'complianceRoute', { energyConsumptionProfilingUsed: 'NO' }),
      'complianceRoute',
    );
    expect(no.issues).toEqual([
      [
        'isEnergyConsumptionProfilingNotUsedRecorded',
        'Select yes if the evidence pack records why energy consumption profiling was not used',
      ],
    ]);
    const answered = completing(
      changed('esos95To100', 'complianceRoute', {
        energyConsumptionProfilingUsed: 'NOT_APPLICABLE',
        isEnergyConsumptionProfilingNotUsedRecorded: 'SKIP_QUESTION',
      }),
      'complianceRoute',
    );
    expect(answered.issues).toEqual([]);
    expect(answered.values).not.toHaveProperty('areEnergyConsumptionProfilingMethodsRecorded');
  });

  it('needs at least one energy audit with the sites visited when audits are part of the assessment', () => {
    expect(issuesOf('esos95To100', 'complianceRoute', { energyAudits: [] })).toEqual([
      ['energyAudits', ENERGY_AUDITS_REQUIRED],
    ]);
    const audit = completeReports.esos95To100.report.complianceRoute!.energyAudits as object[];
    expect(
      issuesOf('esos95To100', 'complianceRoute', {
        energyAudits: [{ ...audit[0], numberOfSitesVisited: -1, numberOfSitesCovered: undefined }],
      }),
    ).toEqual([['energyAudits.0.numberOfSitesVisited', 'Must accept only positive integer values or zero']]);
    expect(
      issuesOf('esos95To100', 'complianceRoute', { energyAudits: [{ ...audit[0], numberOfSitesCovered: undefined }] }),
    ).toEqual([]);
  });

  it('has no audit questions for ISO 50001, alternative routes, or under 40,000 kWh without audits', () => {
    for (const name of ['iso50001', 'alternative95To100', 'under40000kWhAlternativeOnly'] as const) {
      const withAudits = changed(name, 'complianceRoute', {
        areTwelveMonthsVerifiableDataUsed: true,
        energyConsumptionProfilingUsed: 'YES',
        energyAudits: [],
      });
      const parsed = completing(withAudits, 'complianceRoute');
      expect(parsed.issues).toEqual([]);
      expect(Object.keys(parsed.values).sort()).toEqual([
        'areEstimationMethodsRecorded',
        'estimatedCalculationTypes',
        'partsProhibitedFromDisclosingExist',
      ]);
    }
  });

  it('asks what may not be disclosed, and why, only when something may not', () => {
    expect(issuesOf('esos95To100', 'complianceRoute', { partsProhibitedFromDisclosing: '  ' })).toEqual([
      ['partsProhibitedFromDisclosing', PROHIBITED_PARTS_REQUIRED],
    ]);
    const none = completing(
      changed('esos95To100', 'complianceRoute', { partsProhibitedFromDisclosingExist: false }),
      'complianceRoute',
    );
    expect(none.values).not.toHaveProperty('partsProhibitedFromDisclosing');
    expect(issuesOf('esos95To100', 'complianceRoute', { partsProhibitedFromDisclosing: 'x'.repeat(10001) })).toEqual([
      ['partsProhibitedFromDisclosing', 'Enter up to 10000 characters'],
    ]);
  });
});

describe('energy consumption', () => {
  it('needs every purpose of the total, whole kWh of up to 15 digits, adding up to its total, above 0', () => {
    // (The later pages' shares of the total cannot be worked out either: they are reported too.)
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', {
        totalEnergyConsumption: { buildings: 1, transport: 2, industrialProcesses: 3 },
      })[0],
    ).toEqual(['totalEnergyConsumption.otherProcesses', 'Enter the energy consumption for other processes']);
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', { totalEnergyConsumption: energy(1.5, 0, 0, 0) })[0],
    ).toEqual(['totalEnergyConsumption.buildings', 'Must accept only positive integer values or zero']);
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', { totalEnergyConsumption: energy(1e15, 0, 0, 0) })[0],
    ).toEqual(['totalEnergyConsumption.buildings', 'Enter a number with up to 15 digits before the decimal point']);
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', {
        totalEnergyConsumption: energy(4200000, 9850000, 0, 350000, 14400001),
      })[0],
    ).toEqual(['totalEnergyConsumption.total', ENERGY_SUM_MISMATCH]);
    expect(
      issuesOf('under40000kWhAlternativeOnly', 'energyConsumptionDetails', {
        totalEnergyConsumption: energy(0, 0, 0, 0),
      }),
    ).toEqual([['totalEnergyConsumption.total', TOTAL_POSITIVE]]);
  });

  it('must use significant energy consumption when some energy is not covered by any compliance route', () => {
    // esos95To100 leaves 3 % not covered.
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', { significantEnergyConsumptionExists: false }),
    ).toContainEqual(['significantEnergyConsumptionExists', SEC_REQUIRED_WHEN_NOT_AUDITED]);
    // iso50001 covers it all: either answer.
    expect(issuesOf('iso50001', 'energyConsumptionDetails', { significantEnergyConsumptionExists: false })).toEqual([]);
  });

  it('keeps the significant energy consumption between 95 % and 100 % of the total, rounding the share down', () => {
    // 13,680,000 of 14,400,000 is exactly 95 %; 13,679,999 is 94.99… %, shown as 94 %.
    const at95 = completing(
      changed('esos95To100', 'energyConsumptionDetails', {
        significantEnergyConsumption: energy(4100000, 9580000, 0, 0),
      }),
      'energyConsumptionDetails',
    );
    expect(at95.issues).toEqual([]);
    expect(at95.values.significantEnergyConsumption).toMatchObject({
      total: 13680000,
      significantEnergyConsumptionPct: 95,
    });
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', {
        significantEnergyConsumption: energy(4100000, 9579999, 0, 0),
      }),
    ).toEqual([['significantEnergyConsumption.significantEnergyConsumptionPct', SEC_RANGE]]);
    const data = completeReports.esos95To100.report.energyConsumptionDetails!.energyIntensityRatioData as object;
    const all = completing(
      changed('esos95To100', 'energyConsumptionDetails', {
        significantEnergyConsumption: energy(4200000, 9850000, 0, 350000),
        energyIntensityRatioData: {
          ...data,
          otherProcesses: { energyIntensityRatios: [{ ratio: 12, unit: 'pallet handled' }] },
        },
      }),
      'energyConsumptionDetails',
    );
    expect(all.values.significantEnergyConsumption).toMatchObject({ significantEnergyConsumptionPct: 100 });
    expect(all.issues).toEqual([]);
  });

  it('keeps each purpose of the significant energy consumption within its total, and the total above 0', () => {
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', {
        significantEnergyConsumption: energy(4200001, 9850000, 0, 0),
      }),
    ).toEqual([['significantEnergyConsumption.buildings', secPartAboveTotal('buildings', 4200000)]]);
    expect(secPartAboveTotal('buildings', 4200000)).toBe(
      'The significant energy consumption for buildings must not be more than its total energy consumption (4,200,000 kWh)',
    );
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', { significantEnergyConsumption: energy(0, 0, 0, 0) }),
    ).toContainEqual(['significantEnergyConsumption.total', SEC_TOTAL_POSITIVE]);
  });

  it('refuses a share sent that is not the share of the total', () => {
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', {
        significantEnergyConsumption: {
          ...energy(4100000, 9700000, 0, 0, 13800000),
          significantEnergyConsumptionPct: 96,
        },
      }),
    ).toEqual([['significantEnergyConsumption.significantEnergyConsumptionPct', SIGNIFICANT_PCT_MISMATCH]]);
  });

  it('asks for an energy intensity ratio for exactly the purposes that used energy (the significant figures when used)', () => {
    // esos95To100 uses significant energy consumption: buildings and transport only, though other processes used energy in total.
    const data = completeReports.esos95To100.report.energyConsumptionDetails!.energyIntensityRatioData as Record<
      string,
      unknown
    >;
    const extra = completing(
      changed('esos95To100', 'energyConsumptionDetails', {
        energyIntensityRatioData: { ...data, otherProcesses: { energyIntensityRatios: [{ ratio: 1, unit: 'x' }] } },
      }),
      'energyConsumptionDetails',
    );
    expect(extra.issues).toEqual([]);
    expect(extra.values.energyIntensityRatioData).not.toHaveProperty('otherProcesses');
    expect(
      issuesOf('esos95To100', 'energyConsumptionDetails', { energyIntensityRatioData: { buildings: data.buildings } }),
    ).toEqual([['energyIntensityRatioData.transport.energyIntensityRatios', ratiosRequired('transport')]]);
    // Without significant energy consumption, other processes' total counts.
    const total = changed('esos95To100', 'energyConsumptionDetails', { significantEnergyConsumptionExists: false });
    total.report.reportingObligation!.complianceRouteDistribution = {
      iso50001Pct: 0,
      displayEnergyCertificatePct: 0,
      greenDealAssessmentPct: 0,
      energyAuditsPct: 100,
      energyNotAuditedPct: 0,
      totalPct: 100,
    };
    expect(completing(total, 'energyConsumptionDetails').issues).toEqual([
      ['energyIntensityRatioData.otherProcesses.energyIntensityRatios', ratiosRequired('other processes')],
    ]);
  });

  it('needs each ratio above 0 with up to 6 decimal places, and its indicator of activity', () => {
    const ratios = (energyIntensityRatios: object[]) => ({
      energyIntensityRatioData: {
        buildings: { energyIntensityRatios },
        transport: { energyIntensityRatios: [{ ratio: 0.4, unit: 'vehicle km' }] },
      },
    });
    expect(issuesOf('esos95To100', 'energyConsumptionDetails', ratios([{ ratio: 0, unit: 'm2' }]))).toEqual([
      ['energyIntensityRatioData.buildings.energyIntensityRatios.0.ratio', 'Must accept only positive values >0'],
    ]);
    expect(issuesOf('esos95To100', 'energyConsumptionDetails', ratios([{ ratio: '0.1234567', unit: 'm2' }]))).toEqual([
      [
        'energyIntensityRatioData.buildings.energyIntensityRatios.0.ratio',
        'Enter a number with up to 6 decimal places',
      ],
    ]);
    expect(issuesOf('esos95To100', 'energyConsumptionDetails', ratios([{ unit: 'm2' }]))).toEqual([
      ['energyIntensityRatioData.buildings.energyIntensityRatios.0.ratio', RATIO_REQUIRED],
    ]);
    expect(issuesOf('esos95To100', 'energyConsumptionDetails', ratios([{ ratio: '0.123456', unit: 'm2' }]))).toEqual(
      [],
    );
  });

  it('asks for the additional information only when there is some', () => {
    expect(issuesOf('esos95To100', 'energyConsumptionDetails', { additionalInformation: '' })).toEqual([
      ['additionalInformation', 'Enter the additional information'],
    ]);
  });

  it('summarises the ratios under each purpose', () => {
    const section = sectionOf(notificationReport, 'energyConsumptionDetails')!;
    const ctx = notificationReport.context(completeReports.esos95To100.report, {});
    const rows = sectionRows(section, completeReports.esos95To100.report.energyConsumptionDetails, ctx);
    expect(rows.find((r) => r.key === 'Energy intensity ratios for transport')).toMatchObject({
      value: ['0.42 kWh, vehicle km', '0.031 kWh, tonne km'],
      step: 'energy-intensity-ratio',
    });
    expect(rows.find((r) => r.key === 'Total')).toMatchObject({ value: ['14,400,000 kWh'] });
  });
});

describe('energy savings opportunities', () => {
  it('needs every pair, with costs in pounds and pence, and totals that are the sums', () => {
    const byPurpose = completeReports.esos95To100.report.energySavingsOpportunities!.energyConsumption as Record<
      string,
      unknown
    >;
    expect(
      issuesOf('esos95To100', 'energySavingsOpportunities', {
        energyConsumption: { ...byPurpose, energyCostTotal: 1 },
      }),
    ).toEqual([['energyConsumption.energyCostTotal', COST_SUM_MISMATCH]]);
    expect(
      issuesOf('esos95To100', 'energySavingsOpportunities', {
        energyConsumption: { ...byPurpose, energyConsumptionTotal: 1 },
      }),
    ).toEqual([['energyConsumption.energyConsumptionTotal', ENERGY_SUM_MISMATCH]]);
    expect(
      issuesOf('esos95To100', 'energySavingsOpportunities', {
        energyConsumption: { ...byPurpose, transport: { energyConsumption: 1 } },
      }),
    ).toContainEqual(['energyConsumption.transport.energyCost', 'Enter the cost for transport']);
    expect(
      issuesOf('esos95To100', 'energySavingsOpportunities', {
        implementationEnergyConsumption: { energyConsumption: 10, energyCost: 2.345 },
      }),
    ).toEqual([['implementationEnergyConsumption.energyCost', 'Enter a number with up to 2 decimal places']]);
    expect(issuesOf('esos95To100', 'energySavingsOpportunities', { implementationEnergyConsumption: {} })).toEqual([
      ['implementationEnergyConsumption.energyConsumption', 'Enter the reduction in energy consumption in kWh'],
      ['implementationEnergyConsumption.energyCost', 'Enter the reduction in energy spend in £'],
    ]);
  });

  it('adds costs to the penny', () => {
    const parsed = completing(
      changed('esos95To100', 'energySavingsOpportunities', {
        energyConsumption: {
          buildings: { energyConsumption: 1, energyCost: 0.1 },
          transport: { energyConsumption: 1, energyCost: 0.2 },
          industrialProcesses: { energyConsumption: 0, energyCost: 0 },
          otherProcesses: { energyConsumption: 0, energyCost: 0 },
        },
      }),
      'energySavingsOpportunities',
    );
    expect(parsed.values.energyConsumption).toMatchObject({ energyConsumptionTotal: 2, energyCostTotal: 0.3 });
  });
});

describe('alternative routes to compliance', () => {
  it('asks for the assets and certificate of each route above 0 %, and drops those of a route at 0 %', () => {
    // partial: ISO 40 %, DECs 10 %, Green Deal 0 %.
    const alt = completeReports.alternative95To100.report.alternativeComplianceRoutes!;
    const parsed = completing(
      changed('partial', 'alternativeComplianceRoutes', {
        assets: alt.assets,
        gdaCertificatesDetails: alt.gdaCertificatesDetails,
      }),
      'alternativeComplianceRoutes',
    );
    expect(parsed.issues).toEqual([]);
    expect(parsed.values.assets).not.toHaveProperty('gda');
    expect(parsed.values).not.toHaveProperty('gdaCertificatesDetails');
    expect(issuesOf('partial', 'alternativeComplianceRoutes', { assets: { iso50001: 'Head office' } })).toEqual([
      ['assets.dec', assetsRequired('Display Energy Certificate (DECs)')],
    ]);
  });

  it('for ISO 50001 covering all the energy, asks for the total reduction and the ISO assets only', () => {
    const alt = completeReports.alternative95To100.report.alternativeComplianceRoutes!;
    const parsed = completing(
      changed('iso50001', 'alternativeComplianceRoutes', { ...alt }),
      'alternativeComplianceRoutes',
    );
    expect(parsed.issues).toEqual([]);
    expect(Object.keys(parsed.values).sort()).toEqual([
      'assets',
      'iso50001CertificateDetails',
      'totalEnergyConsumptionReduction',
    ]);
    expect(Object.keys(parsed.values.assets as object)).toEqual(['iso50001']);
  });

  it('needs all the certificate details or none', () => {
    expect(
      issuesOf('iso50001', 'alternativeComplianceRoutes', {
        iso50001CertificateDetails: { certificateNumber: 'ISO-1' },
      }),
    ).toEqual([['iso50001CertificateDetails.validFrom', CERTIFICATE_ALL_OR_NONE]]);
    const none = completing(
      changed('iso50001', 'alternativeComplianceRoutes', {
        iso50001CertificateDetails: { certificateNumber: '', validFrom: { day: '', month: '', year: '' } },
      }),
      'alternativeComplianceRoutes',
    );
    expect(none.issues).toEqual([]);
    expect(none.values).not.toHaveProperty('iso50001CertificateDetails');
    expect(
      issuesOf('partial', 'alternativeComplianceRoutes', {
        decCertificatesDetails: { certificateDetails: [{ certificateNumber: 'DEC-1', validUntil: '2025-01-01' }] },
      }),
    ).toEqual([['decCertificatesDetails.certificateDetails.0.validFrom', CERTIFICATE_ALL_OR_NONE]]);
  });

  it('drops blank certificates from a list, which may then be empty', () => {
    const parsed = completing(
      changed('partial', 'alternativeComplianceRoutes', {
        decCertificatesDetails: {
          certificateDetails: [{ certificateNumber: ' ', validFrom: { day: '', month: '', year: '' } }],
        },
      }),
      'alternativeComplianceRoutes',
    );
    expect(parsed.issues).toEqual([]);
    expect(parsed.values.decCertificatesDetails).toEqual({ certificateDetails: [] });
  });

  it('keeps certificate dates within the compliance dates, valid until after valid from', () => {
    const iso = (validFrom: string, validUntil: string) =>
      issuesOf('iso50001', 'alternativeComplianceRoutes', {
        iso50001CertificateDetails: { certificateNumber: 'ISO-1', validFrom, validUntil },
      });
    expect(iso('2024-06-06', '2027-01-01')).toEqual([['iso50001CertificateDetails.validFrom', VALID_FROM_MAX]]);
    expect(iso('2024-06-05', '2027-01-01')).toEqual([]);
    expect(iso('2021-01-01', '2023-12-04')).toEqual([['iso50001CertificateDetails.validUntil', VALID_UNTIL_MIN]]);
    expect(iso('2021-01-01', '2023-12-05')).toEqual([]);
    expect(iso('2024-01-01', '2024-01-01')).toEqual([
      ['iso50001CertificateDetails.validUntil', VALID_UNTIL_AFTER_FROM],
    ]);
    expect(iso('2024-01-01', '2023-12-31')).toEqual([
      ['iso50001CertificateDetails.validUntil', VALID_UNTIL_AFTER_FROM],
    ]);
  });
});

describe('energy savings achieved', () => {
  it('for ISO 50001 asks for one total estimate, and for the others the breakdown and the categories question', () => {
    expect(issuesOf('iso50001', 'energySavingsAchieved', { totalEnergySavingsEstimation: undefined })).toEqual([
      ['totalEnergySavingsEstimation', TOTAL_ESTIMATE_REQUIRED],
    ]);
    const iso = completing(
      changed('iso50001', 'energySavingsAchieved', {
        energySavingsEstimation: { buildings: 1, transport: 1, industrialProcesses: 1, otherProcesses: 1 },
        energySavingCategoriesExist: 'YES',
      }),
      'energySavingsAchieved',
    );
    expect(iso.values).not.toHaveProperty('energySavingsEstimation');
    expect(iso.values).not.toHaveProperty('energySavingCategoriesExist');
    const other = completing(
      changed('esos95To100', 'energySavingsAchieved', { totalEnergySavingsEstimation: 1000 }),
      'energySavingsAchieved',
    );
    expect(other.values).not.toHaveProperty('totalEnergySavingsEstimation');
    expect(issuesOf('esos95To100', 'energySavingsAchieved', { energySavingsEstimation: { buildings: 1 } })).toEqual([
      ['energySavingsEstimation.transport', 'Enter the energy savings for transport'],
      ['energySavingsEstimation.industrialProcesses', 'Enter the energy savings for industrial processes'],
      ['energySavingsEstimation.otherProcesses', 'Enter the energy savings for other processes'],
    ]);
  });

  it('asks for the savings by category only after YES', () => {
    const no = completing(
      changed('esos95To100', 'energySavingsAchieved', { energySavingCategoriesExist: 'SKIP_QUESTION' }),
      'energySavingsAchieved',
    );
    expect(no.values).not.toHaveProperty('energySavingsCategories');
    expect(
      issuesOf('esos95To100', 'energySavingsAchieved', { energySavingsCategories: { training: 5 } }),
    ).toContainEqual([
      'energySavingsCategories.capitalInvestments',
      'Enter the energy savings for capital investments',
    ]);
  });

  it('keeps the shares of the savings by source between 0 % and 100 %, adding up to no more than 100 %', () => {
    const shares = (energyAudits: number, alternativeComplianceRoutes: number, other: number) =>
      issuesOf('esos95To100', 'energySavingsAchieved', {
        energySavingsRecommendations: { energyAudits, alternativeComplianceRoutes, other },
      });
    expect(shares(101, 0, 0)).toEqual([
      ['energySavingsRecommendations.energyAudits', 'Enter a percentage between 0 and 100'],
    ]);
    expect(shares(60, 30, 20)).toEqual([['energySavingsRecommendations.total', RECOMMENDATIONS_OVER_100]]);
    expect(shares(60, 30, 10)).toEqual([]);
    expect(shares(10, 0, 0)).toEqual([]);
  });
});
