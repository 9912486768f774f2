// The report framework on a small report of its own: which sections apply, draft and complete
// saves, what a save prunes and reopens elsewhere, the submission check, summaries and page schemas.
import * as v from 'valibot';
import {
  SECTION_NOT_APPLICABLE,
  applySectionSave,
  parseSection,
  readyToSubmit,
  reportAnswers,
  reportDraftOf,
  sectionOf,
  settle,
  stepSchema,
  taskList,
  validateReport,
  type ReportDefinition,
  type ReportDraft,
  type SectionDefinition,
  type SectionSave,
} from './report';

interface Ctx {
  kind: string | null;
  limit: number;
}

const first: SectionDefinition<Ctx> = {
  id: 'first',
  title: 'First section',
  steps: [
    {
      id: 'kind',
      title: 'Kind',
      fields: [
        {
          kind: 'radios',
          name: 'kind',
          label: 'Kind',
          required: 'Select a kind',
          options: [
            { value: 'BIG', text: 'Big' },
            { value: 'SMALL', text: 'Small' },
          ],
        },
      ],
    },
  ],
};

const second: SectionDefinition<Ctx> = {
  id: 'second',
  title: 'Second section',
  applies: (ctx) => ctx.kind !== null,
  startsAfter: ['first'],
  steps: [
    { id: 'name', title: 'Name', fields: [{ kind: 'text', name: 'name', label: 'Name', required: 'Enter a name' }] },
    {
      id: 'size',
      title: 'Size',
      when: (_, ctx) => ctx.kind === 'BIG',
      fields: [{ kind: 'number', name: 'size', label: 'Size', required: 'Enter a size', integer: true, min: 0 }],
    },
    { id: 'note', title: 'Note', fields: [{ kind: 'text', name: 'note', label: 'Note (optional)' }] },
  ],
  checks: (section, ctx) =>
    typeof section.size === 'number' && section.size > ctx.limit
      ? [{ path: 'size', message: `Enter a size of at most ${ctx.limit}` }]
      : [],
};

const onlySmall: SectionDefinition<Ctx> = {
  id: 'onlySmall',
  title: 'Only small',
  applies: (ctx) => ctx.kind === 'SMALL',
  steps: [{ id: 'why', title: 'Why', fields: [{ kind: 'text', name: 'why', label: 'Why', required: 'Enter why' }] }],
};

const def: ReportDefinition<Ctx> = {
  name: 'test report',
  groups: [
    { title: 'Start', sections: [first] },
    { title: 'Details', sections: [second, onlySmall] },
  ],
  context: (report) => ({ kind: typeof report.first?.kind === 'string' ? report.first.kind : null, limit: 10 }),
};

const empty: ReportDraft = { report: {}, sectionsCompleted: {} };

function save(stored: ReportDraft, section: string, data: Record<string, unknown>, complete = false) {
  return applySectionSave(def, stored, { section, data, complete } as SectionSave, {});
}
function saved(stored: ReportDraft, section: string, data: Record<string, unknown>, complete = false): ReportDraft {
  const result = save(stored, section, data, complete);
  if ('issues' in result) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

const big = saved(saved(empty, 'first', { kind: 'BIG' }, true), 'second', { name: 'Widget', size: 5 }, true);

describe('parsing a section', () => {
  const ctx: Ctx = { kind: 'BIG', limit: 10 };

  it('as a draft skips pages not visited, but a visited page must be valid as a whole', () => {
    expect(parseSection(second, { name: 'Widget' }, ctx, 'draft')).toEqual({ values: { name: 'Widget' }, issues: [] });
    expect(parseSection(second, { name: 'Widget', size: 'lots' }, ctx, 'draft').issues).toEqual([
      { path: 'size', message: 'Enter a numerical value', section: 'second', step: 'size' },
    ]);
    // The section's own rules wait for completion.
    expect(parseSection(second, { name: 'Widget', size: 50 }, ctx, 'draft').issues).toEqual([]);
  });

  it('as complete needs every page asked, and the section’s rules, naming the page of each problem', () => {
    expect(parseSection(second, { name: 'Widget' }, ctx, 'complete').issues).toEqual([
      { path: 'size', message: 'Enter a size', section: 'second', step: 'size' },
    ]);
    expect(parseSection(second, { name: 'Widget', size: 50 }, ctx, 'complete').issues).toEqual([
      { path: 'size', message: 'Enter a size of at most 10', section: 'second', step: 'size' },
    ]);
    expect(parseSection(second, { name: 'Widget', size: 5 }, ctx, 'complete')).toEqual({
      values: { name: 'Widget', size: 5 },
      issues: [],
    });
  });

  it('drops the answers of pages not asked, and what is not a question', () => {
    expect(
      parseSection(second, { name: 'Widget', size: 5, stray: true }, { kind: 'SMALL', limit: 10 }, 'complete'),
    ).toEqual({ values: { name: 'Widget' }, issues: [] });
  });
});

describe('saving a section', () => {
  it('refuses an unknown section, one that does not apply, and answers that do not parse', () => {
    expect(save(empty, 'nonsense', {})).toEqual({
      issues: [{ section: 'nonsense', path: '', message: 'There is no such section in this report' }],
    });
    expect(save(empty, 'second', { name: 'Widget' })).toEqual({
      issues: [{ section: 'second', path: '', message: SECTION_NOT_APPLICABLE }],
    });
    expect(save(empty, 'first', {}, true)).toEqual({
      issues: [{ section: 'first', step: 'kind', path: 'kind', message: 'Select a kind' }],
    });
  });

  it('stores the parsed answers, in progress or completed', () => {
    const draft = saved(empty, 'first', { kind: 'BIG', extra: 1 });
    expect(draft).toEqual({ report: { first: { kind: 'BIG' } }, sectionsCompleted: { first: 'IN_PROGRESS' } });
    expect(saved(draft, 'first', { kind: 'BIG' }, true).sectionsCompleted).toEqual({ first: 'COMPLETED' });
  });

  it('uses the section’s own merge of what is stored and what is sent', () => {
    const merging: ReportDefinition<Ctx> = {
      ...def,
      groups: [
        {
          title: 'Start',
          sections: [{ ...second, applies: undefined, merge: (stored, sent) => ({ ...stored, ...sent }) }],
        },
      ],
    };
    const one = applySectionSave(merging, empty, { section: 'second', data: { name: 'Widget' }, complete: false }, {});
    const two = applySectionSave(
      merging,
      (one as { draft: ReportDraft }).draft,
      { section: 'second', data: { note: 'Hello' }, complete: false },
      {},
    );
    expect((two as { draft: ReportDraft }).draft.report.second).toEqual({ name: 'Widget', note: 'Hello' });
  });

  it('prunes every section for the new context: sections that no longer apply go with their status, answers no longer asked are dropped', () => {
    const small = saved(big, 'first', { kind: 'SMALL' }, true);
    expect(small.report.second).toEqual({ name: 'Widget' });
    expect(small.sectionsCompleted).toEqual({ first: 'COMPLETED', second: 'COMPLETED' });
    const withWhy = saved(small, 'onlySmall', { why: 'Because' }, true);
    const backToBig = saved(withWhy, 'first', { kind: 'BIG' }, true);
    expect(backToBig.report).not.toHaveProperty('onlySmall');
    expect(backToBig.sectionsCompleted).not.toHaveProperty('onlySmall');
  });

  it('reopens a completed section that the new context leaves incomplete', () => {
    const small = saved(
      saved(saved(empty, 'first', { kind: 'SMALL' }, true), 'second', { name: 'Widget' }, true),
      'onlySmall',
      { why: 'x' },
      true,
    );
    const nowBig = saved(small, 'first', { kind: 'BIG' }, true);
    expect(nowBig.sectionsCompleted).toEqual({ first: 'COMPLETED', second: 'IN_PROGRESS' });
  });

  it('settle leaves a settled payload as it is', () => {
    expect(settle(def, big, {})).toEqual(big);
  });
});

describe('the task list and the submission check', () => {
  it('shows only the sections that apply, waiting on the ones they start after', () => {
    expect(taskList(def, empty, {})).toEqual([
      { title: 'Start', sections: [{ id: 'first', title: 'First section', status: 'NOT_STARTED' }] },
    ]);
    const started = saved(empty, 'first', { kind: 'SMALL' });
    expect(taskList(def, started, {})[1]).toEqual({
      title: 'Details',
      sections: [
        { id: 'second', title: 'Second section', status: 'CANNOT_START_YET' },
        { id: 'onlySmall', title: 'Only small', status: 'NOT_STARTED' },
      ],
    });
  });

  it('needs every section that applies completed and valid, and none that does not apply', () => {
    expect(readyToSubmit(def, big, {})).toBe(true);
    expect(validateReport(def, big, {})).toEqual([]);
    const inProgress = saved(big, 'second', { name: 'Widget' });
    expect(validateReport(def, inProgress, {})).toEqual([
      { section: 'second', path: '', message: 'Complete the second section section' },
    ]);
    const tampered: ReportDraft = {
      report: { ...big.report, onlySmall: { why: 'x' }, second: { name: 'Widget', size: 99 } },
      sectionsCompleted: big.sectionsCompleted,
    };
    expect(validateReport(def, tampered, {})).toEqual([
      { section: 'second', step: 'size', path: 'size', message: 'Enter a size of at most 10' },
      { section: 'onlySmall', path: '', message: SECTION_NOT_APPLICABLE },
    ]);
  });

  it('reads whatever a task stored as a payload', () => {
    expect(reportDraftOf(null)).toEqual(empty);
    expect(
      reportDraftOf({ report: big.report, sectionsCompleted: big.sectionsCompleted, prefill: { a: 1 }, other: true }),
    ).toEqual({ ...big, prefill: { a: 1 } });
  });
});

describe('summaries and page schemas', () => {
  it('summarises each applicable section page by page', () => {
    expect(reportAnswers(def, big.report, {})).toEqual([
      {
        section: 'first',
        title: 'First section',
        rows: [{ key: 'Kind', value: ['Big'], field: 'kind', step: 'kind' }],
      },
      {
        section: 'second',
        title: 'Second section',
        rows: [
          { key: 'Name', value: ['Widget'], field: 'name', step: 'name' },
          { key: 'Size', value: ['5'], field: 'size', step: 'size' },
          { key: 'Note (optional)', value: ['Not provided'], field: 'note', step: 'note' },
        ],
      },
    ]);
  });

  it('gives each page a valibot schema with the same parsing and paths', () => {
    const step = sectionOf(def, 'second')!.steps[1]!;
    const schema = stepSchema(step, { ctx: { kind: 'BIG', limit: 10 }, section: {} });
    expect(v.safeParse(schema, { size: '7' })).toMatchObject({ success: true, output: { size: 7 } });
    const bad = v.safeParse(schema, { size: '' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['size', 'Enter a size']]);
  });
});
