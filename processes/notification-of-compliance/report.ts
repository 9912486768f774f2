// NOTIFICATION_OF_COMPLIANCE_P3's report: its sections in task-list order (reference workflows §7.4),
// each with the rules of §7.5. The category of the first section decides which others it has.
import { valuesOf } from '../../domain/reports/common-fields';
import type { ReportDefinition } from '../../domain/reports/report';
import { categoryOf, distributionOf, type NotificationContext } from './category';
import { alternativeComplianceRoutes } from './sections/alternative-compliance-routes';
import { assessmentPersonnel } from './sections/assessment-personnel';
import { complianceRoute } from './sections/compliance-route';
import { confirmations } from './sections/confirmations';
import { contactPersons } from './sections/contact-persons';
import { energyConsumptionDetails } from './sections/energy-consumption-details';
import { energySavingsAchieved } from './sections/energy-savings-achieved';
import { energySavingsOpportunities } from './sections/energy-savings-opportunities';
import { firstCompliancePeriod } from './sections/first-compliance-period';
import { leadAssessor } from './sections/lead-assessor';
import { organisationStructure } from './sections/organisation-structure';
import { reportingObligation } from './sections/reporting-obligation';
import { responsibleUndertaking } from './sections/responsible-undertaking';
import { secondCompliancePeriod } from './sections/second-compliance-period';
import { laterPhaseReport } from './phase-reports';

export const notificationReport: ReportDefinition<NotificationContext> = {
  name: 'notification',
  groups: [
    { title: 'Reporting obligation', sections: [reportingObligation] },
    { title: 'Organisation details', sections: [responsibleUndertaking, contactPersons, organisationStructure] },
    {
      title: 'Information on energy use',
      sections: [
        complianceRoute,
        energyConsumptionDetails,
        energySavingsOpportunities,
        alternativeComplianceRoutes,
        energySavingsAchieved,
      ],
    },
    { title: 'Energy assessment contact', sections: [leadAssessor, assessmentPersonnel] },
    { title: 'Previous compliance periods', sections: [secondCompliancePeriod, firstCompliancePeriod] },
    { title: 'Confirmation', sections: [confirmations] },
  ],
  context: (report, facts) => {
    const obligation = report.reportingObligation;
    const type = report.leadAssessor?.leadAssessorType;
    const details = valuesOf(report.responsibleUndertaking?.organisationDetails);
    const number =
      details?.registrationNumberExist === true && typeof details.registrationNumber === 'string'
        ? details.registrationNumber
        : null;
    return {
      category: categoryOf(obligation),
      distribution: distributionOf(obligation),
      leadAssessorType: type === 'INTERNAL' || type === 'EXTERNAL' ? type : null,
      undertakingRegistrationNumber: number,
      undertaking: details
        ? { organisationName: typeof details.name === 'string' ? details.name : null, registrationNumber: number }
        : {
            organisationName: facts.account?.name ?? null,
            registrationNumber: facts.account?.registrationNumber ?? null,
          },
    };
  },
};

const laterPhases = new Map<number, ReportDefinition<NotificationContext>>();

/** The notification report of a phase: phase 3's, or a later phase's derived from it (phase-reports.ts). */
export function notificationReportFor(phase: number): ReportDefinition<NotificationContext> {
  if (phase === 3) return notificationReport;
  if (phase < 3) throw new Error(`The service has no notification of phase ${phase}`);
  const kept = laterPhases.get(phase) ?? laterPhaseReport(notificationReport, phase);
  laterPhases.set(phase, kept);
  return kept;
}
