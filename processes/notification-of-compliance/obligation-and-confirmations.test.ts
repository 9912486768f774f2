// The reporting obligation's distribution, the lead assessor, and the responsible officers'
// confirmations (reference workflows §7.5): each limit and cross-field rule with its message.
import { REVIEW_DATE_FUTURE, REVIEW_DATE_MIN, SECOND_OFFICER_SAME_EMAIL } from './sections/confirmations';
import { ukDate } from '../../domain/deadlines';
import { CONFIRM_ALL } from '../../domain/reports/common-fields';
import { DISTRIBUTION_SUM } from './sections/reporting-obligation';
import { completeReports } from '../../test/fixtures/notification-reports';
import { changed, completing, issuesOf } from '../../test/section-check';

const distribution = (
  iso50001Pct: number,
  displayEnergyCertificatePct: number,
  greenDealAssessmentPct: number,
  energyAuditsPct: number,
  energyNotAuditedPct: number,
) => ({
  complianceRouteDistribution: {
    iso50001Pct,
    displayEnergyCertificatePct,
    greenDealAssessmentPct,
    energyAuditsPct,
    energyNotAuditedPct,
  },
});

describe('reporting obligation', () => {
  it('needs the compliance routes to add up to 100 %, with at most 5 % not covered', () => {
    expect(issuesOf('esos95To100', 'reportingObligation', distribution(0, 0, 0, 90, 3))).toEqual([
      ['complianceRouteDistribution.totalPct', DISTRIBUTION_SUM],
    ]);
    expect(issuesOf('esos95To100', 'reportingObligation', distribution(0, 0, 0, 94, 6))).toEqual([
      [
        'complianceRouteDistribution.energyNotAuditedPct',
        'The energy use not covered by any compliance route must be between 0% and 5%',
      ],
    ]);
    expect(issuesOf('esos95To100', 'reportingObligation', distribution(0, 0, 0, 101, 0))[0]).toEqual([
      'complianceRouteDistribution.energyAuditsPct',
      'Enter a percentage between 0 and 100',
    ]);
    expect(issuesOf('esos95To100', 'reportingObligation', distribution(0, 0, 0, 95, 5))).toEqual([]);
  });

  it('asks no distribution without energy responsibility, and only the reason when not qualifying', () => {
    const zero = completing(
      changed('esos95To100', 'reportingObligation', { energyResponsibilityType: 'NOT_RESPONSIBLE' }),
      'reportingObligation',
    );
    expect(zero.values).not.toHaveProperty('complianceRouteDistribution');
    expect(issuesOf('notQualify', 'reportingObligation', { noQualificationReason: '' })).toEqual([
      ['noQualificationReason', 'Enter a reason'],
    ]);
    const notQualifying = completing(
      changed('esos95To100', 'reportingObligation', {
        qualificationType: 'NOT_QUALIFY',
        noQualificationReason: 'Too small',
      }),
      'reportingObligation',
    );
    expect(notQualifying.values).toEqual({ qualificationType: 'NOT_QUALIFY', noQualificationReason: 'Too small' });
  });
});

describe('lead assessor', () => {
  it('needs the lead assessor’s details and a professional body from the list', () => {
    const details = completeReports.esos95To100.report.leadAssessor!.leadAssessorDetails as object;
    expect(
      issuesOf('esos95To100', 'leadAssessor', {
        leadAssessorDetails: { ...details, professionalBody: 'ROYAL_SOCIETY', membershipNumber: '' },
      }),
    ).toEqual([
      ['leadAssessorDetails.professionalBody', 'Select the professional body'],
      ['leadAssessorDetails.membershipNumber', 'Enter the membership number'],
    ]);
  });
});

describe('responsible officer confirmation', () => {
  it('needs every statement confirmed', () => {
    expect(
      issuesOf('esos95To100', 'confirmations', {
        responsibilityAssessmentTypes: ['SATISFIED_WITH_INFORMATION_PROVIDED'],
      }),
    ).toEqual([['responsibilityAssessmentTypes', CONFIRM_ALL]]);
    expect(issuesOf('zeroEnergy', 'confirmations', { noEnergyResponsibilityAssessmentTypes: [] })).toEqual([
      ['noEnergyResponsibilityAssessmentTypes', CONFIRM_ALL],
    ]);
  });

  it('needs the review after 5 December 2019 and not in the future, except without energy responsibility', () => {
    expect(issuesOf('esos95To100', 'confirmations', { reviewAssessmentDate: '2019-12-05' })).toEqual([
      ['reviewAssessmentDate', REVIEW_DATE_MIN],
    ]);
    expect(issuesOf('esos95To100', 'confirmations', { reviewAssessmentDate: '2019-12-06' })).toEqual([]);
    // A review cannot be dated in the future: today (the UK day) is the latest.
    const today = ukDate(new Date());
    const tomorrow = ukDate(new Date(Date.now() + 86_400_000));
    expect(issuesOf('esos95To100', 'confirmations', { reviewAssessmentDate: today })).toEqual([]);
    expect(issuesOf('esos95To100', 'confirmations', { reviewAssessmentDate: tomorrow })).toEqual([
      ['reviewAssessmentDate', REVIEW_DATE_FUTURE],
    ]);
    expect(issuesOf('esos95To100', 'confirmations', { reviewAssessmentDate: '2031-01-01' })).toEqual([
      ['reviewAssessmentDate', 'The date of the review must be today or in the past'],
    ]);
    const zero = completing(
      changed('zeroEnergy', 'confirmations', { reviewAssessmentDate: '2024-01-01' }),
      'confirmations',
    );
    expect(zero.values).not.toHaveProperty('reviewAssessmentDate');
  });

  it('needs the officer’s job title', () => {
    const officer = completeReports.esos95To100.report.confirmations!.responsibleOfficerDetails as object;
    expect(
      issuesOf('esos95To100', 'confirmations', { responsibleOfficerDetails: { ...officer, jobTitle: ' ' } }),
    ).toEqual([['responsibleOfficerDetails.jobTitle', 'Enter job title']]);
  });

  it('needs a second officer with another e-mail address when under 40,000 kWh or the lead assessor is internal', () => {
    expect(
      issuesOf('under40000kWhWithAudits', 'confirmations', { secondResponsibleOfficerDetails: undefined })[0],
    ).toEqual(['secondResponsibleOfficerDetails.firstName', 'Enter first name']);
    expect(issuesOf('partial', 'confirmations', { secondResponsibleOfficerEnergyTypes: [] })).toEqual([
      ['secondResponsibleOfficerEnergyTypes', CONFIRM_ALL],
    ]);
    const second = completeReports.partial.report.confirmations!.secondResponsibleOfficerDetails as object;
    expect(
      issuesOf('partial', 'confirmations', {
        secondResponsibleOfficerDetails: { ...second, email: 'MARGARET.ELLIS@kestrel-logistics.example' },
      }),
    ).toEqual([['secondResponsibleOfficerDetails.email', SECOND_OFFICER_SAME_EMAIL]]);
    // An external lead assessor: no second officer.
    const external = completing(
      changed('esos95To100', 'confirmations', { secondResponsibleOfficerDetails: second }),
      'confirmations',
    );
    expect(external.values).not.toHaveProperty('secondResponsibleOfficerDetails');
  });
});
