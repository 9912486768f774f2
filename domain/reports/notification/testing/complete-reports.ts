// A complete, valid notification for every path through the reporting obligation category
// (reference workflows §7.4), as a report task stores it: each applicable section answered and
// completed, in the canonical form the section parsers output (parsing them again changes nothing).
// Unit, API and browser tests share them; `withUndertaking` puts a test account's organisation in.
//
// The responsible undertaking is KESTREL LOGISTICS GROUP LIMITED (08004927), and the associated
// organisations YARROW HOLDINGS LTD (03795142) and MERIDIAN COLD STORAGE PLC (SC097571): fictional
// companies on the local company register the accounts migration seeds.
import type { Values } from '../../fields';
import type { ReportData, ReportPayload } from '../../report';
import type { Category } from '../category';

const allStatements = [
  'SATISFIED_WITH_ORGANISATION_WITHIN_SCOPE_OF_THE_SCHEME',
  'SATISFIED_WITH_ORGANISATION_COMPLIANT_WITH_SCOPE_OF_THE_SCHEME',
  'SATISFIED_WITH_INFORMATION_PROVIDED_UNLESS_THERE_IS_A_DECLARED_REASON',
  'SATISFIED_WITH_INFORMATION_PROVIDED',
];

const distribution = (iso50001Pct: number, displayEnergyCertificatePct: number, greenDealAssessmentPct: number, energyAuditsPct: number, energyNotAuditedPct: number) => ({
  iso50001Pct,
  displayEnergyCertificatePct,
  greenDealAssessmentPct,
  energyAuditsPct,
  energyNotAuditedPct,
  totalPct: 100,
});

const qualifying = (energyResponsibilityType: string, complianceRouteDistribution?: Values): Values => ({
  qualificationType: 'QUALIFY',
  qualificationReasonType: 'TURNOVER_MORE_THAN_44M_AND_STAFF_MEMBERS_MORE_THAN_250',
  energyResponsibilityType,
  ...(complianceRouteDistribution ? { complianceRouteDistribution } : {}),
});

/** EnergyConsumption with its total. */
const energy = (buildings: number, transport: number, industrialProcesses: number, otherProcesses: number): Values => ({
  buildings,
  transport,
  industrialProcesses,
  otherProcesses,
  total: buildings + transport + industrialProcesses + otherProcesses,
});

const pair = (energyConsumption: number, energyCost: number) => ({ energyConsumption, energyCost });

const address = (line1: string, city: string, postcode: string, line2?: string): Values => ({ line1, ...(line2 ? { line2 } : {}), city, postcode });

const responsibleUndertaking: Values = {
  organisationDetails: {
    name: 'KESTREL LOGISTICS GROUP LIMITED',
    registrationNumberExist: true,
    registrationNumber: '08004927',
    address: address('155 Market Place', 'Carlisle', 'CA12 4ZE'),
    codes: { type: 'SIC', codes: [{ code: '17120' }, { code: '49410' }] },
  },
  tradingDetails: { exist: true, tradingName: 'Kestrel Freight' },
  organisationContactDetails: { email: 'esos@kestrel-logistics.example', phoneNumber: { countryCode: '44', number: '01228 960123' } },
  isBehalfOfTrust: false,
  hasOverseasParentDetails: true,
  overseasParentDetails: { name: 'Kestrel Logistik GmbH', tradingName: 'Kestrel Group Europe' },
};

const contactPersons: Values = {
  primaryContact: {
    firstName: 'Priya',
    lastName: 'Shah',
    jobTitle: 'Energy manager',
    phoneNumber: { countryCode: '44', number: '01228 960124' },
    mobileNumber: { countryCode: '44', number: '07700 900124' },
    email: 'priya.shah@kestrel-logistics.example',
    address: address('155 Market Place', 'Carlisle', 'CA12 4ZE'),
  },
  hasSecondaryContact: true,
  secondaryContact: {
    firstName: 'Tom',
    lastName: 'Byrne',
    jobTitle: 'Facilities director',
    phoneNumber: { countryCode: '44', number: '01228 960125' },
    email: 'tom.byrne@kestrel-logistics.example',
    address: address('155 Market Place', 'Carlisle', 'CA12 4ZE', 'Floor 2'),
  },
};

const organisationStructure: Values = {
  isHighestParent: false,
  isNonComplyingUndertakingsIncluded: true,
  organisationUndertakingDetails: [{ organisationName: 'Calder Textiles Limited', registrationNumber: '05123987' }],
  organisationsAssociatedWithRU: [
    {
      registrationNumberExist: true,
      registrationNumber: '03795142',
      organisationName: 'YARROW HOLDINGS LTD',
      isPartOfArrangement: false,
      isParentOfResponsibleUndertaking: true,
      isSubsidiaryOfResponsibleUndertaking: false,
      isPartOfFranchise: false,
      hasCeasedToBePartOfGroup: false,
      classificationCodesDetails: { areSameAsRU: false, codes: { type: 'SIC', codes: [{ code: '64209' }] } },
    },
    {
      registrationNumberExist: true,
      registrationNumber: 'SC097571',
      organisationName: 'MERIDIAN COLD STORAGE PLC',
      isPartOfArrangement: false,
      isParentOfResponsibleUndertaking: false,
      isSubsidiaryOfResponsibleUndertaking: true,
      isPartOfFranchise: false,
      hasCeasedToBePartOfGroup: false,
      classificationCodesDetails: { areSameAsRU: true },
    },
    {
      registrationNumberExist: false,
      organisationName: 'Kestrel Depot Services (Jersey)',
      isPartOfArrangement: false,
      isParentOfResponsibleUndertaking: false,
      isSubsidiaryOfResponsibleUndertaking: true,
      isPartOfFranchise: false,
      hasCeasedToBePartOfGroup: true,
      classificationCodesDetails: { areSameAsRU: false, codes: { type: 'OTHER', otherTypeName: 'NACE Rev. 2', codes: [{ code: '52.10' }, { code: '52.29' }] } },
    },
  ],
  isGroupStructureChartProvided: true,
};

const complianceRouteWithAudits: Values = {
  estimatedCalculationTypes: ['TOTAL_OR_SIGNIFICANT_ENERGY_CONSUMPTION', 'ENERGY_CONSUMPTION_OVER_TWELVE_MONTHS'],
  areTwelveMonthsVerifiableDataUsed: false,
  twelveMonthsVerifiableDataUsedReason: 'The Penrith depot opened in March 2022; its first 9 months of meter readings were used and scaled to 12 months.',
  areEstimationMethodsRecorded: 'YES',
  energyConsumptionProfilingUsed: 'YES',
  areEnergyConsumptionProfilingMethodsRecorded: 'YES',
  energyAudits: [
    {
      description: 'Carlisle distribution centre: warehouse lighting, space heating, refrigeration and the forklift charging area.',
      numberOfSitesCovered: 1,
      numberOfSitesVisited: 1,
      reason: 'The centre is a single site and was visited in full.',
    },
    {
      description: 'Road fleet: 140 heavy goods vehicles operating from the Carlisle, Penrith and Kendal depots.',
      numberOfSitesCovered: 3,
      numberOfSitesVisited: 2,
      reason: 'The Penrith and Kendal depots run the same vehicle types, routes and fuelling; Penrith stands for both.',
    },
  ],
  partsProhibitedFromDisclosingExist: true,
  partsProhibitedFromDisclosing: 'The energy tariffs in the supply contracts of the Carlisle distribution centre.',
  partsProhibitedFromDisclosingReason: 'The supply contract has a confidentiality clause covering its prices.',
};

const complianceRouteWithoutAudits: Values = {
  estimatedCalculationTypes: ['NONE_OF_THE_ABOVE'],
  areEstimationMethodsRecorded: 'SKIP_QUESTION',
  partsProhibitedFromDisclosingExist: false,
};

const ratio = (value: number, unit: string) => ({ ratio: value, unit });

/** Energy consumption of at least 40,000 kWh: significant energy consumption is used (some energy is not audited). */
const energyConsumptionWithSignificant: Values = {
  totalEnergyConsumption: energy(4200000, 9850000, 0, 350000),
  significantEnergyConsumptionExists: true,
  // 13,800,000 of 14,400,000 kWh: 95 %.
  significantEnergyConsumption: { ...energy(4100000, 9700000, 0, 0), significantEnergyConsumptionPct: 95 },
  energyIntensityRatioData: {
    buildings: { energyIntensityRatios: [ratio(182.5, 'm2 of warehouse floor area')], additionalInformation: 'Refrigerated floor area counted once.' },
    transport: { energyIntensityRatios: [ratio(0.42, 'vehicle km'), ratio(0.031, 'tonne km')] },
  },
  additionalInformationExists: true,
  additionalInformation: 'The fleet grew by 12 vehicles during the reference period.',
};

const energyConsumptionWithoutSignificant: Values = {
  totalEnergyConsumption: energy(3100000, 7400000, 0, 0),
  significantEnergyConsumptionExists: false,
  energyIntensityRatioData: {
    buildings: { energyIntensityRatios: [ratio(175, 'm2 of warehouse floor area')] },
    transport: { energyIntensityRatios: [ratio(0.44, 'vehicle km')] },
  },
  additionalInformationExists: false,
};

const energyConsumptionUnder40k: Values = {
  totalEnergyConsumption: energy(28500, 6200, 0, 0),
  significantEnergyConsumptionExists: false,
  energyIntensityRatioData: {
    buildings: { energyIntensityRatios: [ratio(95.2, 'm2 of office floor area')] },
    transport: { energyIntensityRatios: [ratio(0.18, 'vehicle km')] },
  },
  additionalInformationExists: false,
};

/** The cost of saving this energy at 23p a kWh, in pounds and pence. */
const cost = (kWh: number) => Math.round(kWh * 23) / 100;
const priced = (kWh: number) => pair(kWh, cost(kWh));

/** Reduction pairs and their totals (energy, and cost to the penny), as the breakdown pages output. */
function withTotals(parts: Record<string, number>): Values {
  const values = Object.values(parts);
  const energyTotal = values.reduce((a, b) => a + b, 0);
  const costTotal = Math.round(values.map(cost).reduce((a, b) => a + b, 0) * 100) / 100;
  return { ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, priced(v)])), energyConsumptionTotal: energyTotal, energyCostTotal: costTotal };
}

const byPurpose = (total: number): Values => {
  const buildings = Math.round(total * 0.3);
  return withTotals({ buildings, transport: total - buildings, industrialProcesses: 0, otherProcesses: 0 });
};

const byCategory = (total: number): Values => {
  const part = (share: number) => Math.round(total * share);
  const energyManagementPractices = part(0.1);
  const behaviourChangeInterventions = part(0.1);
  const training = part(0.05);
  const controlsImprovements = part(0.15);
  const capitalInvestments = total - energyManagementPractices - behaviourChangeInterventions - training - controlsImprovements;
  return withTotals({ energyManagementPractices, behaviourChangeInterventions, training, controlsImprovements, capitalInvestments, otherMeasures: 0 });
};

const energySavingsOpportunities = (total: number): Values => ({
  implementationEnergyConsumption: priced(total),
  energyConsumption: byPurpose(total),
  energySavingsCategories: byCategory(total),
});

const certificate = (certificateNumber: string, validFrom: string, validUntil: string) => ({ certificateNumber, validFrom, validUntil });

const alternativeComplianceRoutes = (routes: { iso?: boolean; dec?: boolean; gda?: boolean }, total: number, breakdowns = true): Values => ({
  totalEnergyConsumptionReduction: priced(total),
  ...(breakdowns ? { energyConsumptionReduction: byPurpose(total), energyConsumptionReductionCategories: byCategory(total) } : {}),
  assets: {
    ...(routes.iso ? { iso50001: 'Carlisle distribution centre and the Penrith depot, under the group energy management system.' } : {}),
    ...(routes.dec ? { dec: 'Head office, 155 Market Place, Carlisle.' } : {}),
    ...(routes.gda ? { gda: 'The Kendal depot office building.' } : {}),
  },
  ...(routes.iso ? { iso50001CertificateDetails: certificate('ISO50001-GB-2022-0481', '2022-03-14', '2025-03-13') } : {}),
  ...(routes.dec ? { decCertificatesDetails: { certificateDetails: [certificate('0240-2291-0314-9802-4475', '2023-10-01', '2024-09-30')] } } : {}),
  ...(routes.gda ? { gdaCertificatesDetails: { certificateDetails: [certificate('GDAR-8817-4420-1932', '2021-06-01', '2031-05-31')] } } : {}),
});

const energySavingsAchieved: Values = {
  energySavingsEstimation: energy(380000, 910000, 0, 15000),
  energySavingCategoriesExist: 'YES',
  energySavingsCategories: {
    energyManagementPractices: 120000,
    behaviourChangeInterventions: 210000,
    training: 60000,
    controlsImprovements: 145000,
    capitalInvestments: 770000,
    otherMeasures: 0,
    total: 1305000,
  },
  energySavingsRecommendationsExist: 'YES',
  energySavingsRecommendations: { energyAudits: 65, alternativeComplianceRoutes: 0, other: 35, total: 100 },
  details: 'An Energy Technology List grant towards the LED lighting at the Carlisle distribution centre.',
};

const energySavingsAchievedIso: Values = {
  totalEnergySavingsEstimation: 1750000,
  energySavingsRecommendationsExist: 'NO',
};

const leadAssessor = (type: 'INTERNAL' | 'EXTERNAL'): Values => ({
  leadAssessorType: type,
  hasLeadAssessorConfirmation: true,
  leadAssessorDetails: { firstName: 'Hannah', lastName: 'Okafor', email: 'hannah.okafor@assessors.example', professionalBody: 'ENERGY_INSTITUTE', membershipNumber: 'EI-204871' },
});

const assessmentPersonnel: Values = {
  personnel: [
    { firstName: 'Gareth', lastName: 'Lloyd', type: 'EXTERNAL' },
    { firstName: 'Aisha', lastName: 'Begum', type: 'INTERNAL' },
  ],
};

const secondCompliancePeriod: Values = {
  informationExists: 'YES',
  organisationalEnergyConsumptionBreakdown: energy(4600000, 10400000, 0, 500000),
  // 14,900,000 of 15,500,000 kWh: 96 %.
  significantEnergyConsumption: { ...energy(4500000, 10400000, 0, 0), significantEnergyConsumptionPct: 96 },
  explanation: 'Consumption fell after the Kendal depot moved to a smaller, better insulated building in 2021.',
  potentialReduction: energy(650000, 1100000, 0, 0),
  reductionAchieved: energy(420000, 610000, 0, 0),
};

const firstCompliancePeriod: Values = {
  informationExists: 'YES',
  organisationalEnergyConsumption: 16800000,
  // 16,100,000 of 16,800,000 kWh: 95 %.
  significantEnergyConsumption: { ...energy(4900000, 11200000, 0, 0), significantEnergyConsumptionPct: 95 },
  potentialReduction: energy(700000, 1300000, 0, 0),
};

const noPeriodInformation: Values = { informationExists: 'SKIP_QUESTION' };

const officer = (firstName: string, lastName: string, email: string, jobTitle: string): Values => ({
  firstName,
  lastName,
  jobTitle,
  phoneNumber: { countryCode: '44', number: '01228 960100' },
  email,
  address: address('155 Market Place', 'Carlisle', 'CA12 4ZE'),
});

const confirmations = (secondOfficer: boolean): Values => ({
  responsibilityAssessmentTypes: allStatements,
  responsibleOfficerDetails: officer('Margaret', 'Ellis', 'margaret.ellis@kestrel-logistics.example', 'Managing director'),
  reviewAssessmentDate: '2024-05-20',
  ...(secondOfficer
    ? { secondResponsibleOfficerEnergyTypes: allStatements, secondResponsibleOfficerDetails: officer('David', 'Armstrong', 'david.armstrong@kestrel-logistics.example', 'Finance director') }
    : {}),
});

const zeroEnergyConfirmations: Values = {
  noEnergyResponsibilityAssessmentTypes: allStatements,
  responsibleOfficerDetails: officer('Margaret', 'Ellis', 'margaret.ellis@kestrel-logistics.example', 'Managing director'),
};

const organisation = { responsibleUndertaking, contactPersons, organisationStructure };
const periods = { secondCompliancePeriod, firstCompliancePeriod };

/** Every section of the report completed. */
const completed = (report: ReportData): ReportPayload => ({
  report,
  sectionsCompleted: Object.fromEntries(Object.keys(report).map((id) => [id, 'COMPLETED' as const])),
});

export const completeReports = {
  /** 97 % energy audits and 3 % not covered by any route: significant energy consumption used. */
  esos95To100: completed({
    reportingObligation: qualifying('RESPONSIBLE', distribution(0, 0, 0, 97, 3)),
    ...organisation,
    complianceRoute: complianceRouteWithAudits,
    energyConsumptionDetails: energyConsumptionWithSignificant,
    energySavingsOpportunities: energySavingsOpportunities(1250000),
    energySavingsAchieved,
    leadAssessor: leadAssessor('EXTERNAL'),
    assessmentPersonnel,
    ...periods,
    confirmations: confirmations(false),
  }),
  /** ISO 50001 covers all the energy: no audits, one total of savings achieved, no lead assessor. */
  iso50001: completed({
    reportingObligation: qualifying('RESPONSIBLE', distribution(100, 0, 0, 0, 0)),
    ...organisation,
    complianceRoute: complianceRouteWithoutAudits,
    energyConsumptionDetails: energyConsumptionWithoutSignificant,
    alternativeComplianceRoutes: alternativeComplianceRoutes({ iso: true }, 2100000, false),
    energySavingsAchieved: energySavingsAchievedIso,
    assessmentPersonnel,
    ...periods,
    confirmations: confirmations(false),
  }),
  /** ISO 50001 and DECs with energy audits; an internal lead assessor, so a second officer confirms. */
  partial: completed({
    reportingObligation: qualifying('RESPONSIBLE', distribution(40, 10, 0, 48, 2)),
    ...organisation,
    complianceRoute: complianceRouteWithAudits,
    energyConsumptionDetails: energyConsumptionWithSignificant,
    energySavingsOpportunities: energySavingsOpportunities(640000),
    alternativeComplianceRoutes: alternativeComplianceRoutes({ iso: true, dec: true }, 610000),
    energySavingsAchieved,
    leadAssessor: leadAssessor('INTERNAL'),
    assessmentPersonnel,
    ...periods,
    confirmations: confirmations(true),
  }),
  /** ISO 50001, DECs and Green Deal Assessments cover all the energy, without audits. */
  alternative95To100: completed({
    reportingObligation: qualifying('RESPONSIBLE', distribution(60, 25, 15, 0, 0)),
    ...organisation,
    complianceRoute: complianceRouteWithoutAudits,
    energyConsumptionDetails: energyConsumptionWithoutSignificant,
    alternativeComplianceRoutes: alternativeComplianceRoutes({ iso: true, dec: true, gda: true }, 1900000),
    energySavingsAchieved,
    leadAssessor: leadAssessor('EXTERNAL'),
    assessmentPersonnel: { personnel: [] },
    secondCompliancePeriod: noPeriodInformation,
    firstCompliancePeriod: { informationExists: 'NO' },
    confirmations: confirmations(false),
  }),
  /** Under 40,000 kWh with energy audits and DECs: both savings sections, and always a second officer. */
  under40000kWhWithAudits: completed({
    reportingObligation: qualifying('RESPONSIBLE_BUT_LESS_THAN_40000_KWH', distribution(0, 30, 0, 70, 0)),
    ...organisation,
    complianceRoute: complianceRouteWithAudits,
    energyConsumptionDetails: energyConsumptionUnder40k,
    energySavingsOpportunities: energySavingsOpportunities(5200),
    alternativeComplianceRoutes: alternativeComplianceRoutes({ dec: true }, 1900),
    energySavingsAchieved: { energySavingsEstimation: energy(2100, 900, 0, 0), energySavingCategoriesExist: 'NO', energySavingsRecommendationsExist: 'NO' },
    assessmentPersonnel,
    secondCompliancePeriod: noPeriodInformation,
    firstCompliancePeriod: noPeriodInformation,
    confirmations: confirmations(true),
  }),
  /** Under 40,000 kWh, all of it covered by a Green Deal Assessment: no audit questions. */
  under40000kWhAlternativeOnly: completed({
    reportingObligation: qualifying('RESPONSIBLE_BUT_LESS_THAN_40000_KWH', distribution(0, 0, 100, 0, 0)),
    ...organisation,
    complianceRoute: complianceRouteWithoutAudits,
    energyConsumptionDetails: energyConsumptionUnder40k,
    alternativeComplianceRoutes: alternativeComplianceRoutes({ gda: true }, 2400),
    energySavingsAchieved: { energySavingsEstimation: energy(1800, 600, 0, 0), energySavingCategoriesExist: 'SKIP_QUESTION', energySavingsRecommendationsExist: 'SKIP_QUESTION' },
    assessmentPersonnel: { personnel: [] },
    secondCompliancePeriod: noPeriodInformation,
    firstCompliancePeriod: noPeriodInformation,
    confirmations: confirmations(true),
  }),
  /** No energy responsibility: organisation details, earlier periods and the no-energy confirmations. */
  zeroEnergy: completed({
    reportingObligation: qualifying('NOT_RESPONSIBLE'),
    ...organisation,
    secondCompliancePeriod: noPeriodInformation,
    firstCompliancePeriod: { informationExists: 'NO' },
    confirmations: zeroEnergyConfirmations,
  }),
  /** Does not qualify: the reporting obligation alone. */
  notQualify: completed({
    reportingObligation: { qualificationType: 'NOT_QUALIFY', noQualificationReason: 'The group had 212 staff and a turnover of £31 million on 31 December 2022.' },
  }),
} satisfies Record<string, ReportPayload>;

export type CompleteReportName = keyof typeof completeReports;

/** The category each complete report is for. */
export const completeReportCategories: Record<CompleteReportName, Category> = {
  esos95To100: 'ESOS_ENERGY_ASSESSMENTS_95_TO_100',
  iso50001: 'ISO_50001_COVERING_ENERGY_USAGE',
  partial: 'PARTIAL_ENERGY_ASSESSMENTS',
  alternative95To100: 'ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100',
  under40000kWhWithAudits: 'LESS_THAN_40000_KWH_PER_YEAR',
  under40000kWhAlternativeOnly: 'LESS_THAN_40000_KWH_PER_YEAR',
  zeroEnergy: 'ZERO_ENERGY',
  notQualify: 'NOT_QUALIFY',
};

/** A copy of a complete report (deep, so tests may change it) for another organisation. */
export function withUndertaking(payload: ReportPayload, organisation: { name: string; registrationNumber: string | null }): ReportPayload {
  const copy = structuredClone(payload);
  const details = copy.report.responsibleUndertaking?.organisationDetails as Values | undefined;
  if (details) {
    details.name = organisation.name;
    details.registrationNumberExist = organisation.registrationNumber !== null;
    if (organisation.registrationNumber) details.registrationNumber = organisation.registrationNumber;
    else delete details.registrationNumber;
  }
  return copy;
}

/** A deep copy of a complete report, to change in a test. */
export const completeReport = (name: CompleteReportName): ReportPayload => structuredClone(completeReports[name]);
