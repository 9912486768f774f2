// Alternative routes to compliance (reference workflows §7.5): the reduction from implementing
// energy saving measures (and, except for ISO 50001 covering all energy, its breakdowns by purpose
// and category), the assets and activities under each alternative route used, and their
// certificates. A route with a share above 0 % asks for its assets and certificate; a route at 0 %
// asks for neither (so ISO 50001 at 100 % asks only for ISO's).
import {
  LONG_TEXT_MAX,
  REDUCTION_TOTAL_MESSAGES,
  energySavingCategories,
  issue,
  longText,
  organisationalPurposes,
  reductionBreakdown,
  reductionPair,
  text,
} from '../../../domain/reports/common-fields';
import type { Field, FieldEnv, GroupField, Issue, Values } from '../../../domain/reports/fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { is, routePct, sectionPresence, type NotificationContext, type RouteDistribution } from '../category';

export const MAX_CERTIFICATES = 50;

export const CERTIFICATE_ALL_OR_NONE =
  'All the certificate details should be completed or none of them should be completed';
export const VALID_FROM_MAX = 'Valid from date must be the same as or before 5 June 2024';
export const VALID_UNTIL_MIN = 'Valid until date must be the same as or after 5 December 2023';
export const VALID_UNTIL_AFTER_FROM = 'The valid until date must be after the valid from date';
export const CERTIFICATES_MAX = `Add no more than ${MAX_CERTIFICATES} certificates`;
export const assetsRequired = (route: string) => `Enter the assets and activities that fall under ${route}`;

/** Certificate validity limits (reference §13.2): valid from no later than the new compliance date, valid until no earlier than the original one. */
export const VALID_FROM_LATEST = '2024-06-05';
export const VALID_UNTIL_EARLIEST = '2023-12-05';

const certificateKeys = ['certificateNumber', 'validFrom', 'validUntil'] as const;

/** CertificateDetails: a number and its validity, all given or none. */
export const certificateFields = (numberLabel: string): Field[] => [
  text('certificateNumber', numberLabel, undefined, { maxLength: LONG_TEXT_MAX, summaryLabel: 'Certificate number' }),
  {
    kind: 'date',
    name: 'validFrom',
    label: 'Valid from',
    hint: 'For example, 27 3 2023',
    max: VALID_FROM_LATEST,
    messages: { max: VALID_FROM_MAX },
  },
  {
    kind: 'date',
    name: 'validUntil',
    label: 'Valid until',
    hint: 'For example, 27 3 2027',
    min: VALID_UNTIL_EARLIEST,
    messages: { min: VALID_UNTIL_MIN },
  },
];

/** All the details or none; valid until after valid from. Paths relative to the certificate. */
export function certificateIssues(values: Values): Issue[] {
  const missing = certificateKeys.filter((k) => values[k] === undefined);
  if (missing.length > 0 && missing.length < certificateKeys.length)
    return [issue(missing[0]!, CERTIFICATE_ALL_OR_NONE)];
  const from = values.validFrom;
  const until = values.validUntil;
  return typeof from === 'string' && typeof until === 'string' && until <= from
    ? [issue('validUntil', VALID_UNTIL_AFTER_FROM)]
    : [];
}

type Route = { key: 'iso50001' | 'dec' | 'gda'; pct: keyof RouteDistribution; text: string };
const routes: Route[] = [
  { key: 'iso50001', pct: 'iso50001Pct', text: 'ISO 50001' },
  { key: 'dec', pct: 'displayEnergyCertificatePct', text: 'Display Energy Certificate (DECs)' },
  { key: 'gda', pct: 'greenDealAssessmentPct', text: 'Green Deal Assessment' },
];

const uses = (route: Route['pct']) => (_: unknown, env: FieldEnv<NotificationContext>) => routePct(env.ctx, route) > 0;
const usesRoute = (route: Route['pct']) => (_: Values, ctx: NotificationContext) => routePct(ctx, route) > 0;

/** DEC and GDA: any number of certificates (blank ones dropped), each complete or left out. */
const certificateList = (name: string, label: string, numberLabel: string): GroupField => ({
  kind: 'group',
  name,
  label,
  summary: 'rows',
  fields: [
    {
      kind: 'list',
      name: 'certificateDetails',
      label: 'Certificates',
      itemLabel: 'Certificate',
      titleField: 'certificateNumber',
      layout: 'inline',
      addLabel: 'Add another certificate',
      dropEmpty: true,
      max: MAX_CERTIFICATES,
      maxMessage: CERTIFICATES_MAX,
      item: certificateFields(numberLabel),
      checks: (items) =>
        items.flatMap((item, i) => certificateIssues(item).map((x) => ({ ...x, path: `${i}.${x.path}` }))),
    },
  ],
});

const notIso = (_: Values, ctx: NotificationContext) => !is(ctx, 'ISO_50001_COVERING_ENERGY_USAGE');

export const alternativeComplianceRoutes: SectionDefinition<NotificationContext> = {
  id: 'alternativeComplianceRoutes',
  title: 'Alternative routes to compliance',
  applies: sectionPresence.alternativeComplianceRoutes,
  steps: [
    {
      id: 'total-reduction',
      title: 'Total annual reduction in energy consumption and energy spend from implementing energy saving measures',
      description: [
        'Enter the potential annual reduction from implementing the energy saving measures identified through the alternative compliance routes.',
      ],
      fields: [
        reductionPair(
          'totalEnergyConsumptionReduction',
          'Total annual reduction in energy consumption and energy spend from implementing energy saving measures',
          true,
          REDUCTION_TOTAL_MESSAGES,
        ),
      ],
    },
    {
      id: 'reduction-by-purpose',
      title: 'Total annual reduction in energy consumption and energy spend by organisational purpose',
      description: ['Enter 0 for a purpose with no potential reduction.'],
      when: notIso,
      fields: [
        reductionBreakdown(
          'energyConsumptionReduction',
          'Total annual reduction in energy consumption and energy spend by organisational purpose',
          organisationalPurposes,
          { required: true },
        ),
      ],
    },
    {
      id: 'reduction-by-category',
      title: 'Total annual reduction in energy consumption and energy spend by energy saving category',
      description: ['Enter 0 for a category with no potential reduction.'],
      when: notIso,
      fields: [
        reductionBreakdown(
          'energyConsumptionReductionCategories',
          'Total annual reduction in energy consumption and energy spend by energy saving category',
          energySavingCategories,
          { required: true },
        ),
      ],
    },
    {
      id: 'assets',
      title: 'List your assets and activities that fall under each alternative compliance route',
      fields: [
        {
          kind: 'group',
          name: 'assets',
          label: 'Assets and activities under each alternative compliance route',
          summary: 'rows',
          fields: routes.map((r) => longText(r.key, r.text, assetsRequired(r.text), { when: uses(r.pct) })),
        },
      ],
    },
    {
      id: 'iso-50001-certificate',
      title: 'Provide details of your ISO 50001 certificate (optional)',
      when: usesRoute('iso50001Pct'),
      fields: [
        {
          kind: 'group',
          name: 'iso50001CertificateDetails',
          label: 'ISO 50001 certificate',
          summary: 'rows',
          optional: true,
          fields: certificateFields('ISO 50001 certificate number'),
          checks: (values) => certificateIssues(values),
        },
      ],
    },
    {
      id: 'dec-certificates',
      title: 'Provide details about your Display Energy Certificate (DECs) (optional)',
      when: usesRoute('displayEnergyCertificatePct'),
      fields: [
        certificateList(
          'decCertificatesDetails',
          'Display Energy Certificates',
          'Display Energy Certificate (DEC) number',
        ),
      ],
    },
    {
      id: 'gda-certificates',
      title: 'Provide details of your Green Deal Assessment (optional)',
      when: usesRoute('greenDealAssessmentPct'),
      fields: [
        certificateList(
          'gdaCertificatesDetails',
          'Green Deal Assessments',
          'Green Deal Assessment Report reference number',
        ),
      ],
    },
  ],
};
