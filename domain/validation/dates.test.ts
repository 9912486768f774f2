import { dateError, dateValue, dateValueToIso, formatDateLong, isLeapYear, toDateValue } from './dates';
import { firstMessage } from '../../test/validation-messages';

describe('date value rules', () => {
  const required = dateValue({ required: true });
  const optional = dateValue();

  it.each([
    [{ day: '', month: '', year: '' }, 'Enter a date'],
    [{ day: ' ', month: null, year: undefined }, 'Enter a date'],
    [null, 'Enter a date'],
    [{ day: '1', month: '', year: '' }, 'Enter a full date'],
    [{ day: '1', month: '6', year: '' }, 'Enter a full date'],
    [{ day: '', month: '6', year: '2024' }, 'Enter a full date'],
    [{ day: '1', month: '6', year: '2024' }, null],
    [{ day: 1, month: 6, year: 2024 }, null],
    [{ day: '29', month: '2', year: '2024' }, null],
    [{ day: '29', month: '2', year: '2023' }, 'Enter a real date'],
    [{ day: '29', month: '2', year: '2000' }, null],
    [{ day: '29', month: '2', year: '1900' }, 'Enter a real date'],
    [{ day: '31', month: '4', year: '2024' }, 'Enter a real date'],
    [{ day: '30', month: '4', year: '2024' }, null],
    [{ day: '31', month: '12', year: '2024' }, null],
    [{ day: '0', month: '1', year: '2024' }, 'Enter a real date'],
    [{ day: '32', month: '1', year: '2024' }, 'Enter a real date'],
    [{ day: '1', month: '0', year: '2024' }, 'Enter a real date'],
    [{ day: '1', month: '13', year: '2024' }, 'Enter a real date'],
    [{ day: '1', month: '1', year: '1899' }, 'Enter a real date'],
    [{ day: '1', month: '1', year: '1900' }, null],
    [{ day: '31', month: '12', year: '2100' }, null],
    [{ day: '1', month: '1', year: '2101' }, 'Enter a real date'],
    [{ day: 'a', month: '1', year: '2024' }, 'Enter a real date'],
    [{ day: '1.5', month: '1', year: '2024' }, 'Enter a real date'],
    [{ day: '-1', month: '1', year: '2024' }, 'Enter a real date'],
  ])('required %p -> %p', (input, expected) => {
    expect(firstMessage(required, input)).toBe(expected);
  });

  it.each([
    [{ day: '', month: '', year: '' }, null],
    [null, null],
    [undefined, null],
    [{ day: '1', month: '', year: '' }, 'Enter a full date'],
    [{ day: '31', month: '2', year: '2024' }, 'Enter a real date'],
  ])('optional %p -> %p', (input, expected) => {
    expect(firstMessage(optional, input)).toBe(expected);
  });

  it.each([
    [{ day: '31', month: '5', year: '2024' }, 'This date must be the same as or after 1 June 2024'],
    [{ day: '1', month: '6', year: '2024' }, null],
    [{ day: '31', month: '12', year: '2024' }, null],
    [{ day: '1', month: '1', year: '2025' }, 'This date must be the same as or before 31 December 2024'],
  ])('min 2024-06-01 / max 2024-12-31: %p -> %p', (input, expected) => {
    const schema = dateValue({ required: true, min: '2024-06-01', max: new Date(Date.UTC(2024, 11, 31)) });
    expect(firstMessage(schema, input)).toBe(expected);
  });

  it('min and max may be date values', () => {
    expect(dateError({ day: '1', month: '1', year: '2020' }, { min: { day: 2, month: 1, year: 2020 } })).toBe(
      'This date must be the same as or after 2 January 2020',
    );
  });

  it('reports the issue on the group path', () => {
    const { safeParse, object } = jest.requireActual<typeof import('valibot')>('valibot');
    const result = safeParse(object({ startDate: dateValue({ required: true }) }), {
      startDate: { day: '1', month: '', year: '' },
    });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.path?.map((p) => p.key)).toEqual(['startDate']);
  });
});

describe('date helpers', () => {
  it.each([
    ['2024-06-01', '1 June 2024'],
    ['2022-12-31', '31 December 2022'],
    ['2000-01-09', '9 January 2000'],
  ])('formatDateLong(%p) = %p', (iso, text) => {
    expect(formatDateLong(iso)).toBe(text);
  });

  it.each([
    [2024, true],
    [2023, false],
    [1900, false],
    [2000, true],
  ])('isLeapYear(%p) = %p', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it('converts to and from ISO', () => {
    expect(dateValueToIso({ day: '9', month: '1', year: '2024' })).toBe('2024-01-09');
    expect(dateValueToIso({ day: '31', month: '2', year: '2024' })).toBeNull();
    expect(toDateValue('2024-01-09')).toEqual({ day: '9', month: '1', year: '2024' });
    expect(toDateValue(null)).toEqual({ day: '', month: '', year: '' });
  });
});
