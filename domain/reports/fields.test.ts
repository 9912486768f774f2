// The reporting-form fields: what each kind accepts and outputs (parsing its output again gives the
// same), when questions are asked, what a changed answer prunes, form values and summaries.
import {
  answerRows,
  parseField,
  parseFields,
  pruneFields,
  toFormValues,
  type Field,
  type FieldEnv,
  type Values,
} from './fields';

const env: FieldEnv<{ flag: boolean }> = { ctx: { flag: true }, section: {} };
const parse = (fields: Field[], raw: unknown, e: FieldEnv<any> = env) => {
  const { values, issues } = parseFields(fields, raw, e);
  return { values, issues };
};
const one = (field: Field, raw: unknown) => parseField(field, raw, {}, env);
/** Parses, then parses the output again: both must give the same value. */
function idempotent(field: Field, raw: unknown): unknown {
  const first = parse([field], { [field.name]: raw });
  expect(first.issues).toEqual([]);
  const second = parse([field], first.values);
  expect(second).toEqual(first);
  return first.values[field.name];
}

describe('parsing each kind of field', () => {
  it('text: trimmed, blank is absent, limits and patterns with their messages', () => {
    const name: Field = { kind: 'text', name: 'name', label: 'Name', required: 'Enter name', maxLength: 5 };
    expect(idempotent(name, '  Ann ')).toBe('Ann');
    expect(one(name, '   ')).toEqual({ ok: false, issues: [{ path: '', message: 'Enter name' }] });
    expect(one(name, 'Annabel')).toEqual({ ok: false, issues: [{ path: '', message: 'Enter up to 5 characters' }] });
    expect(one({ ...name, required: undefined }, '')).toEqual({ ok: true, value: null });
    expect(one({ kind: 'text', name: 'e', label: 'Email', format: 'email' }, 'nope')).toEqual({
      ok: false,
      issues: [{ path: '', message: 'Enter a valid email' }],
    });
    expect(
      idempotent({ kind: 'text', name: 'crn', label: 'CRN', normalise: 'registrationNumber' }, ' sc 123 456 '),
    ).toBe('SC123456');
  });

  it('number: text or numbers in, numbers out, with the spec’s messages for each bound', () => {
    const whole: Field = { kind: 'number', name: 'n', label: 'N', integer: true, min: 0, digits: 3 };
    expect(idempotent(whole, '1,20')).toBe(120);
    expect(idempotent(whole, 0)).toBe(0);
    expect(one(whole, '1.5')).toMatchObject({
      issues: [{ message: 'Must accept only positive integer values or zero' }],
    });
    expect(one(whole, '-1')).toMatchObject({
      issues: [{ message: 'Must accept only positive integer values or zero' }],
    });
    expect(one(whole, '1000')).toMatchObject({
      issues: [{ message: 'Enter a number with up to 3 digits before the decimal point' }],
    });
    expect(one(whole, 'ten')).toMatchObject({ issues: [{ message: 'Enter a numerical value' }] });
    const positive: Field = { kind: 'number', name: 'p', label: 'P', gt: 0, decimals: 2 };
    expect(one(positive, '0')).toMatchObject({ issues: [{ message: 'Must accept only positive values >0' }] });
    expect(one(positive, '1.234')).toMatchObject({
      issues: [{ message: 'Enter a number with up to 2 decimal places' }],
    });
    expect(idempotent(positive, '1.20')).toBe(1.2);
    expect(one({ kind: 'number', name: 'm', label: 'M', max: 5, messages: { max: 'Too big' } }, 6)).toMatchObject({
      issues: [{ message: 'Too big' }],
    });
  });

  it('radios and select: the option’s value (booleans too) from its value or its text form', () => {
    const yes: Field = {
      kind: 'radios',
      name: 'yes',
      label: 'Yes?',
      required: 'Select yes or no',
      options: [
        { value: true, text: 'Yes' },
        { value: false, text: 'No' },
      ],
    };
    expect(idempotent(yes, 'false')).toBe(false);
    expect(idempotent(yes, true)).toBe(true);
    expect(one(yes, 'maybe')).toMatchObject({ issues: [{ message: 'Select yes or no' }] });
    expect(one(yes, undefined)).toMatchObject({ issues: [{ message: 'Select yes or no' }] });
  });

  it('checkboxes: in the options’ order without repeats, an exclusive option alone, all when all are needed', () => {
    const options = [
      { value: 'A', text: 'A' },
      { value: 'B', text: 'B' },
      { value: 'NONE', text: 'None of these', exclusive: true },
    ];
    const field: Field = { kind: 'checkboxes', name: 'c', label: 'C', required: 'Select one', options };
    expect(idempotent(field, ['B', 'A', 'B'])).toEqual(['A', 'B']);
    expect(idempotent(field, 'A')).toEqual(['A']);
    expect(one(field, [])).toMatchObject({ issues: [{ message: 'Select one' }] });
    expect(one(field, ['A', 'NONE'])).toMatchObject({ issues: [{ message: "Select 'None of these' on its own" }] });
    expect(one({ ...field, all: 'Confirm all', options: options.slice(0, 2) }, ['A'])).toMatchObject({
      issues: [{ message: 'Confirm all' }],
    });
  });

  it('date: day, month and year in, an ISO date out, with the spec’s date messages', () => {
    const date: Field = {
      kind: 'date',
      name: 'd',
      label: 'D',
      required: 'Enter the date',
      min: '2019-12-06',
      messages: { min: 'Too early' },
    };
    expect(idempotent(date, { day: '6', month: '12', year: '2019' })).toBe('2019-12-06');
    expect(one(date, { day: '', month: '', year: '' })).toMatchObject({ issues: [{ message: 'Enter the date' }] });
    expect(one(date, { day: '1', month: '', year: '2020' })).toMatchObject({
      issues: [{ message: 'Enter a full date' }],
    });
    expect(one(date, { day: '30', month: '2', year: '2020' })).toMatchObject({
      issues: [{ message: 'Enter a real date' }],
    });
    expect(one(date, '2019-12-05')).toMatchObject({ issues: [{ message: 'Too early' }] });
  });

  it('month: month and year in, YYYY-MM out', () => {
    const month: Field = { kind: 'month', name: 'm', label: 'M', required: 'Enter the month', min: '2023-12' };
    expect(idempotent(month, { month: '1', year: '2024' })).toBe('2024-01');
    expect(one(month, { month: '11', year: '2023' })).toMatchObject({
      issues: [{ message: 'This date must be the same as or after December 2023' }],
    });
    expect(one(month, { month: '13', year: '2024' })).toMatchObject({ issues: [{ message: 'Enter a real date' }] });
  });

  it('group: its answers with paths below it; optional and empty is absent; its own rules once its answers are valid', () => {
    const range: Field = {
      kind: 'group',
      name: 'range',
      label: 'Range',
      optional: true,
      fields: [
        { kind: 'number', name: 'from', label: 'From', required: 'Enter from' },
        { kind: 'number', name: 'to', label: 'To', required: 'Enter to' },
      ],
      checks: (v) =>
        (v.to as number) < (v.from as number) ? [{ path: 'to', message: 'To must not be before from' }] : [],
    };
    expect(idempotent(range, { from: '1', to: '2' })).toEqual({ from: 1, to: 2 });
    expect(parse([range], { range: { from: '', to: null } })).toEqual({ values: {}, issues: [] });
    expect(parse([range], { range: { from: '5' } }).issues).toEqual([{ path: 'range.to', message: 'Enter to' }]);
    expect(parse([range], { range: { from: '5', to: '1' } }).issues).toEqual([
      { path: 'range.to', message: 'To must not be before from' },
    ]);
    expect(parse([range], { range: 'nonsense' }).issues).toEqual([{ path: 'range', message: 'Enter range' }]);
  });

  it('list: items with their index in the path, fewest and most, blank items dropped where asked, rules across items', () => {
    const list: Field = {
      kind: 'list',
      name: 'people',
      label: 'People',
      itemLabel: 'Person',
      layout: 'inline',
      min: 1,
      required: 'Add a person',
      max: 2,
      maxMessage: 'Add no more than 2 people',
      item: [{ kind: 'text', name: 'name', label: 'Name', required: 'Enter name' }],
      checks: (items) =>
        items.length === 2 && items[0]!.name === items[1]!.name
          ? [{ path: '1.name', message: 'Names must differ' }]
          : [],
    };
    expect(idempotent(list, [{ name: ' Ann ' }])).toEqual([{ name: 'Ann' }]);
    expect(parse([list], { people: [] }).issues).toEqual([{ path: 'people', message: 'Add a person' }]);
    expect(parse([list], { people: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] }).issues).toEqual([
      { path: 'people', message: 'Add no more than 2 people' },
    ]);
    expect(parse([list], { people: [{ name: 'A' }, {}] }).issues).toEqual([
      { path: 'people.1.name', message: 'Enter name' },
    ]);
    expect(parse([list], { people: [{ name: 'A' }, { name: 'A' }] }).issues).toEqual([
      { path: 'people.1.name', message: 'Names must differ' },
    ]);
    expect(parse([{ ...list, dropEmpty: true }], { people: [{ name: '' }, { name: 'A' }, {}] })).toEqual({
      values: { people: [{ name: 'A' }] },
      issues: [],
    });
    expect(parse([list], { people: 'Ann' }).issues).toEqual([{ path: 'people', message: 'Add a person' }]);
  });

  it('computed: worked out from the answers, refusing another value sent, and not worked out from invalid answers', () => {
    const fields: Field[] = [
      { kind: 'number', name: 'a', label: 'A', integer: true, min: 0 },
      { kind: 'number', name: 'b', label: 'B', integer: true, min: 0 },
      {
        kind: 'computed',
        name: 'total',
        label: 'Total',
        compute: (v) =>
          typeof v.a === 'number' || typeof v.b === 'number' ? ((v.a as number) ?? 0) + ((v.b as number) ?? 0) : null,
        mismatch: 'The total is the sum',
        check: (total) => (total !== null && total > 10 ? 'At most 10' : null),
      },
    ];
    expect(parse(fields, { a: 1, b: '2' })).toEqual({ values: { a: 1, b: 2, total: 3 }, issues: [] });
    expect(parse(fields, { a: 1, b: 2, total: 3 }).issues).toEqual([]);
    expect(parse(fields, { a: 1, b: 2, total: 4 }).issues).toEqual([
      { path: 'total', message: 'The total is the sum' },
    ]);
    expect(parse(fields, { total: 4 }).issues).toEqual([{ path: 'total', message: 'The total is the sum' }]);
    expect(parse(fields, { a: 6, b: 5 }).issues).toEqual([{ path: 'total', message: 'At most 10' }]);
    expect(parse(fields, { a: -1, b: 50, total: 4 }).issues).toEqual([
      { path: 'a', message: 'Must accept only positive integer values or zero' },
    ]);
  });
});

describe('questions asked only sometimes', () => {
  const fields: Field[] = [
    {
      kind: 'radios',
      name: 'trading',
      label: 'Trading name?',
      required: 'Select yes or no',
      options: [
        {
          value: true,
          text: 'Yes',
          reveal: [{ kind: 'text', name: 'tradingName', label: 'Trading name', required: 'Enter the trading name' }],
        },
        { value: false, text: 'No' },
      ],
    },
    { kind: 'text', name: 'flagged', label: 'Flagged', required: 'Enter flagged', when: (_, e) => e.ctx.flag },
  ];

  it('asks a revealed question only while its option is chosen, and a conditional one only while it holds', () => {
    expect(parse(fields, { trading: true, flagged: 'x' }).issues).toEqual([
      { path: 'tradingName', message: 'Enter the trading name' },
    ]);
    expect(parse(fields, { trading: false, tradingName: 'Old name', flagged: 'x' })).toEqual({
      values: { trading: false, flagged: 'x' },
      issues: [],
    });
    expect(parse(fields, { trading: false }, { ctx: { flag: false }, section: {} })).toEqual({
      values: { trading: false },
      issues: [],
    });
  });

  it('prunes the answers of questions no longer asked', () => {
    const stored: Values = { trading: false, tradingName: 'Old name', flagged: 'x' };
    expect(pruneFields(fields, stored, env)).toEqual({ trading: false, flagged: 'x' });
    expect(pruneFields(fields, { ...stored, trading: true }, { ctx: { flag: false }, section: {} })).toEqual({
      trading: true,
      tradingName: 'Old name',
    });
  });
});

describe('form values and summaries', () => {
  const fields: Field[] = [
    { kind: 'number', name: 'count', label: 'Count' },
    { kind: 'date', name: 'when', label: 'When', summaryLabel: 'Date' },
    { kind: 'checkboxes', name: 'ticks', label: 'Ticks', options: [{ value: 'A', text: 'Apple' }] },
    {
      kind: 'group',
      name: 'g',
      label: 'Group',
      summary: 'rows',
      fields: [
        { kind: 'text', name: 'shown', label: 'Shown', when: (_, e) => e.ctx?.flag === true },
        { kind: 'number', name: 'pounds', label: 'Cost', prefix: '£' },
      ],
    },
    {
      kind: 'list',
      name: 'items',
      label: 'Items',
      itemLabel: 'Item',
      layout: 'pages',
      titleField: 'title',
      item: [
        { kind: 'text', name: 'title', label: 'Title' },
        { kind: 'number', name: 'kwh', label: 'Energy', suffix: 'kWh' },
      ],
    },
  ];
  const values: Values = {
    count: 1200,
    when: '2024-03-27',
    ticks: ['A'],
    g: { shown: 'yes', pounds: 1234.5 },
    items: [{ title: 'First', kwh: 2000 }],
  };

  it('gives inputs text', () => {
    expect(toFormValues(fields, values)).toEqual({
      count: '1200',
      when: { day: '27', month: '3', year: '2024' },
      ticks: ['A'],
      g: { shown: 'yes', pounds: '1234.5' },
      items: [{ title: 'First', kwh: '2000' }],
    });
    expect(toFormValues(fields, undefined)).toMatchObject({ count: '', ticks: [], items: [] });
  });

  it('summarises answers as the pages ask them, with the report’s context in nested answers', () => {
    expect(answerRows(fields, values, env)).toEqual([
      { key: 'Count', value: ['1,200'], field: 'count' },
      { key: 'Date', value: ['27 March 2024'], field: 'when' },
      { key: 'Ticks', value: ['Apple'], field: 'ticks' },
      { key: 'Shown', value: ['yes'], field: 'g' },
      { key: 'Cost', value: ['£1,234.5'], field: 'g' },
      { key: 'First', value: ['Title: First', 'Energy: 2,000 kWh'], field: 'items' },
    ]);
    expect(answerRows(fields, {}, { ctx: { flag: false }, section: {} }).map((r) => [r.key, r.value])).toEqual([
      ['Count', ['Not provided']],
      ['Date', ['Not provided']],
      ['Ticks', ['Not provided']],
      ['Cost', ['Not provided']],
      ['Items', ['None']],
    ]);
  });
});
