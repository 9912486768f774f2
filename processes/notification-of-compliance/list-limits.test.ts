// The most items each list of the notification takes (our limits: the reference sets none), and
// the longest texts: at the limit accepted, one over refused with its message.
import { CERTIFICATES_MAX, MAX_CERTIFICATES } from './sections/alternative-compliance-routes';
import { ENERGY_AUDITS_MAX, MAX_ENERGY_AUDITS } from './sections/compliance-route';
import { MAX_INTENSITY_RATIOS, RATIOS_MAX } from './sections/energy-consumption-details';
import {
  ASSOCIATED_MAX,
  MAX_ASSOCIATED_ORGANISATIONS,
  MAX_NON_COMPLYING_UNDERTAKINGS,
  NON_COMPLYING_LIST_MAX,
} from './sections/organisation-structure';
import { completeReports, subsidiary } from '../../test/fixtures/notification-reports';
import { issuesOf } from '../../test/section-check';

const times = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));

it.each([
  {
    list: 'energy audits',
    max: MAX_ENERGY_AUDITS,
    message: ENERGY_AUDITS_MAX,
    check: (n: number) =>
      issuesOf('esos95To100', 'complianceRoute', {
        energyAudits: times(n, () => (completeReports.esos95To100.report.complianceRoute!.energyAudits as object[])[0]),
      }),
    path: 'energyAudits',
  },
  {
    list: 'DEC certificates',
    max: MAX_CERTIFICATES,
    message: CERTIFICATES_MAX,
    check: (n: number) =>
      issuesOf('partial', 'alternativeComplianceRoutes', {
        decCertificatesDetails: {
          certificateDetails: times(n, (i) => ({
            certificateNumber: `DEC-${i}`,
            validFrom: '2023-01-01',
            validUntil: '2024-01-01',
          })),
        },
      }),
    path: 'decCertificatesDetails.certificateDetails',
  },
  {
    list: 'energy intensity ratios',
    max: MAX_INTENSITY_RATIOS,
    message: RATIOS_MAX,
    check: (n: number) =>
      issuesOf('iso50001', 'energyConsumptionDetails', {
        energyIntensityRatioData: {
          buildings: { energyIntensityRatios: times(n, (i) => ({ ratio: i + 1, unit: 'm2' })) },
          transport: { energyIntensityRatios: [{ ratio: 1, unit: 'km' }] },
        },
      }),
    path: 'energyIntensityRatioData.buildings.energyIntensityRatios',
  },
  {
    list: 'undertakings not complying',
    max: MAX_NON_COMPLYING_UNDERTAKINGS,
    message: NON_COMPLYING_LIST_MAX,
    check: (n: number) =>
      issuesOf('esos95To100', 'organisationStructure', {
        organisationUndertakingDetails: times(n, (i) => ({ organisationName: `Undertaking ${i}` })),
      }),
    path: 'organisationUndertakingDetails',
  },
  {
    list: 'associated organisations',
    max: MAX_ASSOCIATED_ORGANISATIONS,
    message: ASSOCIATED_MAX,
    check: (n: number) =>
      issuesOf('esos95To100', 'organisationStructure', {
        organisationsAssociatedWithRU: times(n, (i) => subsidiary({ organisationName: `Organisation ${i}` })),
      }),
    path: 'organisationsAssociatedWithRU',
  },
])('$list: $max accepted, one more refused', ({ max, message, check, path }) => {
  expect(check(max)).toEqual([]);
  expect(check(max + 1)).toEqual([[path, message]]);
});

it('takes texts of up to 255 characters, and long answers of up to 10,000', () => {
  expect(
    issuesOf('esos95To100', 'responsibleUndertaking', {
      tradingDetails: { exist: true, tradingName: 'x'.repeat(255) },
    }),
  ).toEqual([]);
  expect(
    issuesOf('esos95To100', 'responsibleUndertaking', {
      tradingDetails: { exist: true, tradingName: 'x'.repeat(256) },
    }),
  ).toEqual([['tradingDetails.tradingName', 'Enter up to 255 characters']]);
  expect(issuesOf('esos95To100', 'energySavingsAchieved', { details: 'x'.repeat(10000) })).toEqual([]);
  expect(issuesOf('esos95To100', 'energySavingsAchieved', { details: 'x'.repeat(10001) })).toEqual([
    ['details', 'Enter up to 10000 characters'],
  ]);
});
