// A report defined as another's with stated differences (a later phase's notification is phase 3's
// but for what the phase changes): words and dates said differently, questions and pages left out,
// sections replaced. Everything not named stays the base report's, rules included.
import type { ReportDefinition, SectionDefinition } from './report';

export interface ReportDifferences<C> {
  /** Phrases as the base says them and as this report does, in every text of the definition (titles, labels, hints, messages, limits such as a date's min). */
  words?: [string, string][];
  /** Questions left out, by section id and field name (wherever in the section they are). */
  withoutFields?: Record<string, string[]>;
  /** Pages left out, by section id and step id. */
  withoutSteps?: Record<string, string[]>;
  /** Sections replaced as a whole, by the base's section id (after the words are changed). */
  sections?: Record<string, SectionDefinition<C>>;
  /** What in it is provisional, in words, until its guidance is published. */
  provisional?: string[];
}

const isPlain = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype;

/** Every string in a value (plain objects and arrays, not functions) with the phrases changed, in one pass. */
function rewrite<T>(value: T, words: [string, string][]): T {
  if (words.length === 0) return value;
  const to = new Map(words);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Longest first, so '6 December 2019 to 5 December 2023' wins over '5 December 2023'.
  const pattern = new RegExp(
    [...to.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    'g',
  );
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return x.replace(pattern, (m) => to.get(m)!);
    if (Array.isArray(x)) return x.map(walk);
    if (isPlain(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v)]));
    return x;
  };
  return walk(value) as T;
}

/** A field list without the named fields, into groups, lists and revealed questions. */
function withoutNamed(value: unknown, names: Set<string>): unknown {
  if (Array.isArray(value))
    return value
      .filter((f) => !(isPlain(f) && typeof f.kind === 'string' && names.has(f.name as string)))
      .map((f) => withoutNamed(f, names));
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNamed(v, names)]));
  return value;
}

export function derivedReport<C>(
  base: ReportDefinition<C>,
  d: ReportDifferences<C>,
): ReportDefinition<C> & { provisional: string[] } {
  const worded = rewrite(base.groups, d.words ?? []);
  const groups = worded.map((group) => ({
    ...group,
    sections: group.sections.map((section) => {
      const replaced = d.sections?.[section.id];
      if (replaced) return replaced;
      const steps = section.steps.filter((s) => !d.withoutSteps?.[section.id]?.includes(s.id));
      const names = new Set(d.withoutFields?.[section.id] ?? []);
      return {
        ...section,
        steps: names.size
          ? steps.map((s) => ({ ...s, fields: withoutNamed(s.fields, names) as typeof s.fields }))
          : steps,
      };
    }),
  }));
  return { ...base, groups, provisional: d.provisional ?? [] };
}
