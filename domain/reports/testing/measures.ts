// Answers that pass, for the tests of the action plan and the progress updates (domain and workflow).

/** An action plan measure: due in March 2024, savings by an energy audit. */
export const apMeasure = (over: Record<string, unknown> = {}) => ({
  measureName: 'LED lighting',
  isEnergySavingsOpportunityReportedInAudit: true,
  measureScheme: ['STREAMLINED_ENERGY_AND_CARBON_REPORTING_SECR'],
  totalEnergySavingsExpected: { buildings: 12000, transport: 0, industrialProcesses: 0, otherProcesses: 500 },
  implementationDateForMeasure: '2024-03',
  energySavingsEstimateCalculatedType: 'ENERGY_AUDIT',
  ...over,
});

/** A measure a progress update adds (not in the action plan). */
export const addedMeasure = (over: Record<string, unknown> = {}) => ({
  measureName: 'Heat pump',
  measureScheme: [],
  estimationMethodType: 'ENERGY_AUDIT',
  ...over,
});
