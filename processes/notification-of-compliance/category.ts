// The reporting obligation category (reference workflows §7.4): decided by the first section's
// answers, it decides which of the other sections the notification has.
import type { Values } from '../../domain/reports/fields';

export const categories = [
  'ESOS_ENERGY_ASSESSMENTS_95_TO_100',
  'ISO_50001_COVERING_ENERGY_USAGE',
  'PARTIAL_ENERGY_ASSESSMENTS',
  'ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100',
  'LESS_THAN_40000_KWH_PER_YEAR',
  'ZERO_ENERGY',
  'NOT_QUALIFY',
] as const;
export type Category = (typeof categories)[number];

/** The compliance routes' shares of the total energy consumption, in per cent. */
export interface RouteDistribution {
  iso50001Pct: number;
  displayEnergyCertificatePct: number;
  greenDealAssessmentPct: number;
  energyAuditsPct: number;
  energyNotAuditedPct: number;
}

const pct = (values: Values | undefined, key: keyof RouteDistribution) =>
  typeof values?.[key] === 'number' ? (values[key] as number) : 0;

/** The distribution answered in the reporting obligation, or null before it is. */
export function distributionOf(reportingObligation: Values | undefined): RouteDistribution | null {
  const d = reportingObligation?.complianceRouteDistribution as Values | undefined;
  if (!d || typeof d !== 'object') return null;
  return {
    iso50001Pct: pct(d, 'iso50001Pct'),
    displayEnergyCertificatePct: pct(d, 'displayEnergyCertificatePct'),
    greenDealAssessmentPct: pct(d, 'greenDealAssessmentPct'),
    energyAuditsPct: pct(d, 'energyAuditsPct'),
    energyNotAuditedPct: pct(d, 'energyNotAuditedPct'),
  };
}

/** The category, or null while the answers that decide it are missing. */
export function categoryOf(reportingObligation: Values | undefined): Category | null {
  const qualification = reportingObligation?.qualificationType;
  if (qualification === 'NOT_QUALIFY') return 'NOT_QUALIFY';
  if (qualification !== 'QUALIFY') return null;
  switch (reportingObligation?.energyResponsibilityType) {
    case 'NOT_RESPONSIBLE':
      return 'ZERO_ENERGY';
    case 'RESPONSIBLE_BUT_LESS_THAN_40000_KWH':
      return 'LESS_THAN_40000_KWH_PER_YEAR';
    case 'RESPONSIBLE': {
      const d = distributionOf(reportingObligation);
      if (!d) return null;
      if (d.iso50001Pct > 0 || d.displayEnergyCertificatePct > 0 || d.greenDealAssessmentPct > 0) {
        if (d.iso50001Pct === 100) return 'ISO_50001_COVERING_ENERGY_USAGE';
        return d.energyAuditsPct > 0 ? 'PARTIAL_ENERGY_ASSESSMENTS' : 'ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100';
      }
      return 'ESOS_ENERGY_ASSESSMENTS_95_TO_100';
    }
    default:
      return null;
  }
}

/** What the notification's answers decide for its sections. */
export interface NotificationContext {
  category: Category | null;
  /** The compliance-route distribution (null for zero energy, not qualifying, or before it is answered). */
  distribution: RouteDistribution | null;
  /** INTERNAL or EXTERNAL, once the lead assessor section says so. */
  leadAssessorType: string | null;
  /** The responsible undertaking's registration number, once given (organisations associated with it must differ). */
  undertakingRegistrationNumber: string | null;
  /** The responsible undertaking as the organisations' table shows it in its first row: its section's answers, else the account's. */
  undertaking: { organisationName: string | null; registrationNumber: string | null };
}

const ESOS = 'ESOS_ENERGY_ASSESSMENTS_95_TO_100';
const ISO = 'ISO_50001_COVERING_ENERGY_USAGE';
const PARTIAL = 'PARTIAL_ENERGY_ASSESSMENTS';
const ALT = 'ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100';
const UNDER_40K = 'LESS_THAN_40000_KWH_PER_YEAR';
const ZERO = 'ZERO_ENERGY';

export const is = (ctx: NotificationContext, ...which: Category[]) =>
  ctx.category !== null && which.includes(ctx.category);

/** Energy audits are part of the assessment: audits required in the compliance route. */
export function hasEnergyAudits(ctx: NotificationContext): boolean {
  return is(ctx, ESOS, PARTIAL) || (is(ctx, UNDER_40K) && (ctx.distribution?.energyAuditsPct ?? 0) > 0);
}

/** The share of the energy a compliance route covers, 0 before the distribution is answered. */
export const routePct = (ctx: NotificationContext, route: keyof RouteDistribution): number =>
  ctx.distribution?.[route] ?? 0;

/** Some energy is covered by ISO 50001, DECs or Green Deal Assessments. */
export function hasAlternativeRoutes(ctx: NotificationContext): boolean {
  const d = ctx.distribution;
  return (
    is(ctx, ISO, PARTIAL, ALT) ||
    (is(ctx, UNDER_40K) &&
      !!d &&
      (d.iso50001Pct > 0 || d.displayEnergyCertificatePct > 0 || d.greenDealAssessmentPct > 0))
  );
}

/**
 * The section presence matrix of §7.4: which sections the notification has for its category.
 * Before the category is known only the reporting obligation is shown.
 */
export const sectionPresence: Record<string, (ctx: NotificationContext) => boolean> = {
  reportingObligation: () => true,
  responsibleUndertaking: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K, ZERO),
  contactPersons: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K, ZERO),
  organisationStructure: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K, ZERO),
  complianceRoute: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K),
  energyConsumptionDetails: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K),
  energySavingsOpportunities: (ctx) =>
    is(ctx, ESOS, PARTIAL) || (is(ctx, UNDER_40K) && (ctx.distribution?.energyAuditsPct ?? 0) > 0),
  alternativeComplianceRoutes: (ctx) => hasAlternativeRoutes(ctx),
  energySavingsAchieved: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K),
  leadAssessor: (ctx) => is(ctx, ESOS, PARTIAL, ALT),
  assessmentPersonnel: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K),
  secondCompliancePeriod: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K, ZERO),
  firstCompliancePeriod: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K, ZERO),
  confirmations: (ctx) => is(ctx, ESOS, ISO, PARTIAL, ALT, UNDER_40K, ZERO),
};

/** Each category in words (the compliance overview's breakdown). */
export const categoryLabels: Record<Category, string> = {
  ESOS_ENERGY_ASSESSMENTS_95_TO_100: 'ESOS energy assessments covering 95 to 100% of energy',
  ISO_50001_COVERING_ENERGY_USAGE: 'ISO 50001 covering all energy use',
  PARTIAL_ENERGY_ASSESSMENTS: 'Partly energy assessments, partly alternative routes',
  ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100: 'Alternative routes covering 95 to 100% of energy',
  LESS_THAN_40000_KWH_PER_YEAR: 'Less than 40,000 kWh a year',
  ZERO_ENERGY: 'Not responsible for any energy',
  NOT_QUALIFY: 'Does not qualify',
};

/**
 * categoryOf in SQL, over a submitted notification's data (a jsonb expression), so the overview
 * counts and lists by category in the database; api/routes/compliance.test.ts checks the two agree
 * on a notification of every category.
 */
export function categorySql(data: string): string {
  const o = `(${data})->'reportingObligation'`;
  const d = `${o}->'complianceRouteDistribution'`;
  const pct = (key: keyof RouteDistribution) =>
    `(case when jsonb_typeof(${d}->'${key}') = 'number' then (${d}->>'${key}')::numeric else 0 end)`;
  return `(case
    when ${o}->>'qualificationType' = 'NOT_QUALIFY' then 'NOT_QUALIFY'
    when ${o}->>'qualificationType' is distinct from 'QUALIFY' then null
    when ${o}->>'energyResponsibilityType' = 'NOT_RESPONSIBLE' then 'ZERO_ENERGY'
    when ${o}->>'energyResponsibilityType' = 'RESPONSIBLE_BUT_LESS_THAN_40000_KWH' then 'LESS_THAN_40000_KWH_PER_YEAR'
    when ${o}->>'energyResponsibilityType' is distinct from 'RESPONSIBLE' then null
    when jsonb_typeof(${d}) is distinct from 'object' then null
    when ${pct('iso50001Pct')} > 0 or ${pct('displayEnergyCertificatePct')} > 0 or ${pct('greenDealAssessmentPct')} > 0 then
      case when ${pct('iso50001Pct')} = 100 then 'ISO_50001_COVERING_ENERGY_USAGE'
           when ${pct('energyAuditsPct')} > 0 then 'PARTIAL_ENERGY_ASSESSMENTS'
           else 'ALTERNATIVE_ENERGY_ASSESSMENTS_95_TO_100' end
    else 'ESOS_ENERGY_ASSESSMENTS_95_TO_100' end)`;
}
