// Phone numbers of the people pages: the rules with the real service's messages, the country code
// list, and how a stored number becomes a report's contact phone number (the prefill of §7.2).
import { callingCodeOptions, formatPhone, phoneMessages, phoneOf, phoneProblem } from './phone';

it('reads UK numbers with or without +44, and keeps another country’s code', () => {
  expect(phoneOf('01632 960001')).toEqual({ countryCode: '44', number: '01632 960001' });
  expect(phoneOf('+44 1632 960001')).toEqual({ countryCode: '44', number: '01632 960001' });
  expect(phoneOf('+44 (0)1632 960001')).toEqual({ countryCode: '44', number: '01632 960001' });
  expect(phoneOf('+4401632960001')).toEqual({ countryCode: '44', number: '01632960001' });
  expect(phoneOf('+353 1 555 0101')).toEqual({ countryCode: '353', number: '1 555 0101' });
  expect(phoneOf('+35315550101')).toEqual({ number: '35315550101' });
  expect(phoneOf('  ')).toBeUndefined();
  expect(phoneOf(null)).toBeUndefined();
});

it('stores a number as it is dialled from abroad, and reads it back as it was given', () => {
  for (const phone of [
    { countryCode: '44', number: '020 7946 0000' },
    { countryCode: '353', number: '1 555 0101' },
    { countryCode: '39', number: '06 1234 5678' },
  ])
    expect(phoneOf(formatPhone(phone))).toEqual(phone);
  expect(formatPhone({ countryCode: '44', number: '020 7946 0000' })).toBe('+44 20 7946 0000');
});

it('checks a number as the real service words it', () => {
  expect(phoneProblem(null, true)).toBe(phoneMessages.required);
  expect(phoneProblem({ countryCode: '', number: ' ' }, false)).toBeNull();
  expect(phoneProblem({ countryCode: '44', number: '' }, false)).toBeNull();
  expect(phoneProblem({ countryCode: '44', number: '' }, true)).toBe(phoneMessages.required);
  expect(phoneProblem({ countryCode: '', number: '020 7946 0000' }, false)).toBe(phoneMessages.incomplete);
  expect(phoneProblem({ countryCode: '44', number: '020 7946 0000' }, true)).toBeNull();
  expect(phoneProblem({ countryCode: '44', number: '(020) 7946-0000' }, true)).toBeNull();
  expect(phoneProblem({ countryCode: '44', number: '020 7946 000' }, true)).toBeNull(); // 9 digits: 01xxx xxxxx areas
  expect(phoneProblem({ countryCode: '44', number: '020 794' }, true)).toBe(phoneMessages.tooShort);
  expect(phoneProblem({ countryCode: '44', number: '020 7946 00000' }, true)).toBe(phoneMessages.tooLong);
  expect(phoneProblem({ countryCode: '44', number: '020.7946.0000' }, true)).toBe(phoneMessages.invalidChars);
  expect(phoneProblem({ countryCode: '999', number: '020 7946 0000' }, true)).toBe(phoneMessages.invalid);
  expect(phoneProblem({ countryCode: '1', number: '202 555 0100' }, true)).toBeNull();
  expect(phoneProblem({ countryCode: '353', number: '1'.repeat(13) }, true)).toBe(phoneMessages.tooLong);
});

it('offers each calling code once, the UK’s as the real service names it', () => {
  const values = callingCodeOptions.map((o) => o.value);
  expect(new Set(values).size).toBe(values.length);
  expect(callingCodeOptions[0]).toEqual({ value: '', text: '' });
  expect(callingCodeOptions).toContainEqual({ value: '44', text: 'UK, GG, IM, JE (44)' });
});

it('lists the calling codes in alphabetical order of their words, as localeCompare orders them', () => {
  const texts = callingCodeOptions.slice(1).map((o) => o.text);
  expect(texts).toEqual([...texts].sort((a, b) => a.localeCompare(b)));
});
