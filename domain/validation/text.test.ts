import * as v from 'valibot';
import { email, isEmail, maxLengthText, optionalText, requiredText, trimToNull, trimmedOrNull } from './text';
import { EMAIL_INVALID, maxLengthMessage } from './messages';
import { firstMessage } from '../../test/validation-messages';

describe('trimming', () => {
  it.each([
    ['  abc  ', 'abc'],
    ['abc', 'abc'],
    ['   ', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['\n a b \t', 'a b'],
  ])('trimToNull(%p) -> %p', (input, expected) => {
    expect(trimToNull(input)).toBe(expected);
    expect(v.parse(v.pipe(v.nullish(v.string()), trimmedOrNull()), input)).toBe(expected);
  });
});

describe('max length (textareas use 1200)', () => {
  const schema = optionalText({ maxLength: 1200 });
  it.each([
    ['a'.repeat(1200), null],
    [` ${'a'.repeat(1200)} `, null],
    ['a'.repeat(1201), 'Enter up to 1200 characters'],
    ['', null],
    [null, null],
  ])('%#', (input, expected) => {
    expect(firstMessage(schema, input)).toBe(expected);
  });

  it('message', () => {
    expect(maxLengthMessage(1200)).toBe('Enter up to 1200 characters');
    expect(firstMessage(v.pipe(v.string(), maxLengthText(3)), 'abcd')).toBe('Enter up to 3 characters');
  });

  it('optional text outputs trimmed text or null', () => {
    expect(v.parse(schema, '  hi ')).toBe('hi');
    expect(v.parse(schema, '   ')).toBeNull();
  });
});

describe('required text', () => {
  const schema = requiredText('Enter your name', { maxLength: 5 });
  it.each([
    ['Ann', null],
    ['  ', 'Enter your name'],
    [null, 'Enter your name'],
    [undefined, 'Enter your name'],
    ['abcdef', 'Enter up to 5 characters'],
  ])('%p -> %p', (input, expected) => {
    expect(firstMessage(schema, input)).toBe(expected);
  });
});

describe('e-mail', () => {
  const schema = v.pipe(v.nullish(v.string()), email());
  it.each([
    ['someone@example.com', null],
    ['first.last+tag@sub.example.co.uk', null],
    [' someone@example.com ', null],
    ['', null],
    ['someone', EMAIL_INVALID],
    ['someone@', EMAIL_INVALID],
    ['someone@example', EMAIL_INVALID],
    ['some one@example.com', EMAIL_INVALID],
    ['.someone@example.com', EMAIL_INVALID],
    ['some..one@example.com', EMAIL_INVALID],
    ['a@b@example.com', EMAIL_INVALID],
  ])('%p -> %p', (input, expected) => {
    expect(firstMessage(schema, input)).toBe(expected);
  });

  it('message is the spec text', () => {
    expect(EMAIL_INVALID).toBe('Enter a valid email');
    expect(isEmail('x@y.org')).toBe(true);
  });
});
