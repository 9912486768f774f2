// Reporting obligation (reference workflows §7.5): whether the organisation qualifies, why, its
// energy responsibility and how its energy is split between the compliance routes. These answers
// decide the notification's category and so its other sections.
import { COMPLIANCE_ROUTES_HELP, QUALIFICATION_NOT_MET_HELP } from '../help';
import { LONG_TEXT_MAX, percent, sumOf } from '../../../domain/reports/common-fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import type { NotificationContext } from '../category';

export const DISTRIBUTION_SUM = 'Sum of compliance route distribution values should be 100';

const routes = [
  ['iso50001Pct', 'ISO 50001'],
  ['displayEnergyCertificatePct', 'Display Energy Certificate (DECs)'],
  ['greenDealAssessmentPct', 'Green Deal Assessment'],
  ['energyAuditsPct', 'Energy audits that are compliant with ESOS'],
] as const;

export const reportingObligation: SectionDefinition<NotificationContext> = {
  id: 'reportingObligation',
  title: 'Reporting obligation',
  steps: [
    {
      id: 'qualification',
      title: 'Does your organisation qualify for ESOS?',
      fields: [
        {
          kind: 'radios',
          name: 'qualificationType',
          label: 'Does your organisation qualify for ESOS?',
          required: 'Select whether your organisation qualifies for ESOS',
          options: [
            { value: 'QUALIFY', text: 'Yes, the organisation qualifies for ESOS and will submit a notification' },
            {
              value: 'NOT_QUALIFY',
              text: 'No, the organisation does not qualify for ESOS and will not submit a notification',
              reveal: [
                {
                  kind: 'textarea',
                  name: 'noQualificationReason',
                  label: 'Explain why your organisation does not qualify for ESOS',
                  required: 'Enter a reason',
                  maxLength: LONG_TEXT_MAX,
                  help: QUALIFICATION_NOT_MET_HELP,
                },
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'qualification-reason',
      title:
        'Select the reason that your organisation, or another organisation in its corporate group, qualifies for ESOS',
      when: (s) => s.qualificationType === 'QUALIFY',
      fields: [
        {
          kind: 'radios',
          name: 'qualificationReasonType',
          label:
            'Select the reason that your organisation, or another organisation in its corporate group, qualifies for ESOS',
          summaryLabel: 'Reason the organisation qualifies',
          required: 'Select the reason that your organisation qualifies for ESOS',
          options: [
            {
              value: 'TURNOVER_MORE_THAN_44M',
              text: 'The annual turnover is over £44 million and annual balance sheet total in excess of £38 million',
            },
            { value: 'STAFF_MEMBERS_MORE_THAN_250', text: 'The organisation has 250 or more members of staff' },
            {
              value: 'TURNOVER_MORE_THAN_44M_AND_STAFF_MEMBERS_MORE_THAN_250',
              text: 'The annual turnover is over £44 million and annual balance sheet total in excess of £38 million, and the organisation has 250 or more members of staff',
            },
            {
              value: 'CONDITIONS_NOT_MET',
              text: 'The organisation does not meet any of these conditions, but belongs to a corporate group containing an organisation that does meet these conditions',
            },
          ],
        },
      ],
    },
    {
      id: 'energy-responsibility',
      title: 'Are the organisations in this notification responsible for any energy under ESOS?',
      when: (s) => s.qualificationType === 'QUALIFY',
      fields: [
        {
          kind: 'radios',
          name: 'energyResponsibilityType',
          label: 'Are the organisations in this notification responsible for any energy under ESOS?',
          summaryLabel: 'Energy responsibility',
          required: 'Select whether the organisations are responsible for any energy',
          options: [
            { value: 'RESPONSIBLE', text: 'Yes, and at least 40,000 kWh of energy was used in the reference period' },
            {
              value: 'RESPONSIBLE_BUT_LESS_THAN_40000_KWH',
              text: 'Yes, but less than 40,000 kWh of energy was used in the reference period',
            },
            {
              value: 'NOT_RESPONSIBLE',
              text: 'No, there is no energy responsibility and the total energy consumption is zero',
            },
          ],
        },
      ],
    },
    {
      id: 'compliance-route-distribution',
      title: 'Enter a breakdown of the total energy consumption covered by each compliance route in this notification',
      description: ['Give each share as a percentage of the total energy consumption. The shares must add up to 100%.'],
      help: COMPLIANCE_ROUTES_HELP,
      when: (s) =>
        s.qualificationType === 'QUALIFY' &&
        (s.energyResponsibilityType === 'RESPONSIBLE' ||
          s.energyResponsibilityType === 'RESPONSIBLE_BUT_LESS_THAN_40000_KWH'),
      fields: [
        {
          kind: 'group',
          name: 'complianceRouteDistribution',
          label: 'Compliance route distribution',
          summary: 'rows',
          fields: [
            ...routes.map(([key, label]) => percent(key, label, `Enter the percentage for ${label}`)),
            percent(
              'energyNotAuditedPct',
              'Energy use not covered by any compliance route',
              'Enter the percentage of energy use not covered by any compliance route',
              5,
              'The energy use not covered by any compliance route must be between 0% and 5%',
            ),
            {
              kind: 'computed',
              name: 'totalPct',
              label: 'Total',
              unit: '%',
              compute: (values) => sumOf(values, [...routes.map(([key]) => key), 'energyNotAuditedPct']) ?? 0,
              check: (total) => (total === 100 ? null : DISTRIBUTION_SUM),
            },
          ],
        },
      ],
    },
  ],
};
