import * as v from 'valibot';
import {
  MAX_INTEGER,
  integer,
  isNumericText,
  maxDecimalPlaces,
  maxDigits,
  maxInteger,
  maxIntegerPlaces,
  natural,
  numberFormat,
  numericText,
  positive,
  toNumberOrNull,
  whole,
} from './numbers';
import {
  INTEGER_NUMBER,
  MAX_NUMBER_EXCEEDED,
  NATURAL_NUMBER,
  NUMERICAL_VALUE,
  POSITIVE_NUMBER,
  WHOLE_NUMBER,
  maxDecimalPlacesMessage,
  maxDigitsMessage,
  maxIntegerPlacesMessage,
  numberFormatMessage,
} from './messages';
import { firstMessage } from '../../test/validation-messages';

const num = v.nullish(v.union([v.number(), v.string()]));

describe('number rules on numbers and numeric text', () => {
  it.each([
    ['positive', positive(), 1, null],
    ['positive', positive(), 0.01, null],
    ['positive', positive(), '0.5', null],
    ['positive', positive(), 0, POSITIVE_NUMBER],
    ['positive', positive(), -1, POSITIVE_NUMBER],
    ['positive', positive(), '-0.1', POSITIVE_NUMBER],
    ['integer', integer(), -5, null],
    ['integer', integer(), 0, null],
    ['integer', integer(), '12', null],
    ['integer', integer(), 1.5, INTEGER_NUMBER],
    ['integer', integer(), '1.5', INTEGER_NUMBER],
    ['natural', natural(), 1, null],
    ['natural', natural(), 0, NATURAL_NUMBER],
    ['natural', natural(), -1, NATURAL_NUMBER],
    ['natural', natural(), 1.5, NATURAL_NUMBER],
    ['whole', whole(), 0, null],
    ['whole', whole(), 7, null],
    ['whole', whole(), -1, WHOLE_NUMBER],
    ['whole', whole(), 0.5, WHOLE_NUMBER],
    ['maxInteger', maxInteger(), MAX_INTEGER, null],
    ['maxInteger', maxInteger(), 2147483647, null],
    ['maxInteger', maxInteger(), 2147483648, MAX_NUMBER_EXCEEDED],
    ['maxInteger', maxInteger(), '2147483648', MAX_NUMBER_EXCEEDED],
    ['maxInteger', maxInteger(), -2147483648, null],
  ] as const)('%s(%p) -> %p', (_name, rule, input, expected) => {
    expect(firstMessage(v.pipe(num, rule as never), input)).toBe(expected);
  });

  it.each([null, undefined, '', '   '])('blank %p passes every rule (optional fields)', (blank) => {
    const schema = v.pipe(
      num,
      positive(),
      integer(),
      natural(),
      whole(),
      maxInteger(),
      numberFormat(3, 2),
      maxDigits(2),
    );
    expect(firstMessage(schema, blank)).toBeNull();
  });
});

describe('digit-format rules', () => {
  it.each([
    [numberFormat(3, 2), '123.45', null],
    [numberFormat(3, 2), '-123.45', null],
    [numberFormat(3, 2), 999.99, null],
    [numberFormat(3, 2), '0.5', null],
    [numberFormat(3, 2), '1234', numberFormatMessage(3, 2)],
    [numberFormat(3, 2), '1.234', numberFormatMessage(3, 2)],
    [numberFormat(3, 2), -1000, numberFormatMessage(3, 2)],
    [numberFormat(3, 0), '12', null],
    [numberFormat(3, 0), '12.5', numberFormatMessage(3, 0)],
    [maxIntegerPlaces(4), '9999.123456', null],
    [maxIntegerPlaces(4), '-9999', null],
    [maxIntegerPlaces(4), '10000', maxIntegerPlacesMessage(4)],
    [maxDigits(5), '123.45', null],
    [maxDigits(5), '12345', null],
    [maxDigits(5), '1234.56', maxDigitsMessage(5)],
    [maxDigits(5), '-123456', maxDigitsMessage(5)],
    [maxDecimalPlaces(2), '1.25', null],
    [maxDecimalPlaces(2), 1.1, null],
    [maxDecimalPlaces(2), '3', null],
    [maxDecimalPlaces(2), '1.255', maxDecimalPlacesMessage(2)],
    [maxDecimalPlaces(2), 0.001, maxDecimalPlacesMessage(2)],
  ] as const)('%#: %p -> %p', (rule, input, expected) => {
    expect(firstMessage(v.pipe(num, rule as never), input)).toBe(expected);
  });

  it('each digit-format rule has its own message', () => {
    const messages = new Set([
      numberFormatMessage(3, 2),
      maxIntegerPlacesMessage(3),
      maxDigitsMessage(3),
      maxDecimalPlacesMessage(3),
    ]);
    expect(messages.size).toBe(4);
    expect(maxDecimalPlacesMessage(2)).toBe('Enter a number with up to 2 decimal places');
    expect(maxDecimalPlacesMessage(1)).toBe('Enter a number with up to 1 decimal place');
  });
});

describe('numeric text input', () => {
  const schema = v.pipe(v.string(), numericText(), toNumberOrNull(), natural(), maxInteger());

  it.each([
    ['12', null],
    [' 12 ', null],
    ['-3', NATURAL_NUMBER],
    ['1.', NUMERICAL_VALUE],
    ['-', NUMERICAL_VALUE],
    ['abc', NUMERICAL_VALUE],
    ['.5', NUMERICAL_VALUE],
    ['1e3', NUMERICAL_VALUE],
    ['1,000', NUMERICAL_VALUE],
    ['0', NATURAL_NUMBER],
    ['2147483647', null],
    ['2147483648', MAX_NUMBER_EXCEEDED],
  ])('%p -> %p', (input, expected) => {
    expect(firstMessage(schema, input)).toBe(expected);
  });

  it('outputs a number, or null when blank', () => {
    expect(v.parse(schema, ' 42 ')).toBe(42);
    expect(v.parse(v.pipe(v.string(), numericText(), toNumberOrNull()), '  ')).toBeNull();
  });

  it.each([
    ['0', true],
    ['-0.25', true],
    ['1.', false],
    ['-', false],
    ['', false],
  ])('isNumericText(%p) is %p', (input, expected) => {
    expect(isNumericText(input)).toBe(expected);
  });
});
