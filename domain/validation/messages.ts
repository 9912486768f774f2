// Every user-facing validation message of the shared field rules (product spec section 5).
// Texts quoted by the spec are reproduced exactly; the others are ours and are marked so.

export const EMAIL_INVALID = 'Enter a valid email';
export const POSITIVE_NUMBER = 'Must accept only positive values >0';
export const INTEGER_NUMBER = 'Must accept only integer values';
export const NATURAL_NUMBER = 'Must accept only positive integer values >0';
export const WHOLE_NUMBER = 'Must accept only positive integer values or zero';
export const MAX_NUMBER_EXCEEDED = 'You have exceeded the maximum number allowed';
export const NUMERICAL_VALUE = 'Enter a numerical value';

// Not quoted by the spec: the digit-format rules each have their own message.
export const numberFormatMessage = (integerPlaces: number, decimalPlaces: number): string =>
  `Enter a number with up to ${integerPlaces} ${plural(integerPlaces, 'digit')} before and up to ${decimalPlaces} ${plural(decimalPlaces, 'decimal place')} after the decimal point`;
export const maxIntegerPlacesMessage = (integerPlaces: number): string =>
  `Enter a number with up to ${integerPlaces} ${plural(integerPlaces, 'digit')} before the decimal point`;
export const maxDigitsMessage = (digits: number): string =>
  `Enter a number with up to ${digits} ${plural(digits, 'digit')}`;
export const maxDecimalPlacesMessage = (decimalPlaces: number): string =>
  `Enter a number with up to ${decimalPlaces} ${plural(decimalPlaces, 'decimal place')}`;

// Dates (quoted by the spec).
export const DATE_REQUIRED = 'Enter a date';
export const DATE_INCOMPLETE = 'Enter a full date';
export const DATE_NOT_REAL = 'Enter a real date';
/** `formattedDate` is written 'd MMMM y', e.g. '1 June 2024' (see `formatDateLong`). */
export const dateMinMessage = (formattedDate: string): string =>
  `This date must be the same as or after ${formattedDate}`;
export const dateMaxMessage = (formattedDate: string): string =>
  `This date must be the same as or before ${formattedDate}`;

// Files (not quoted by the spec).
export const fileTooLargeMessage = (limit: string): string => `The selected file must be smaller than ${limit}`;
/** `types` are shown in upper case: ['pdf', 'docx', 'xlsx'] gives 'The selected file must be a PDF, DOCX or XLSX'. */
export const fileTypeMessage = (types: readonly string[]): string =>
  `The selected file must be a ${listWithOr(types.map((t) => t.replace(/^\./, '').toUpperCase()))}`;
export const FILE_REQUIRED = 'Select a file';

// Group values (not quoted by the spec).
export const GROUP_EMPTY = 'Enter at least one value';
export const GROUP_INCOMPLETE = 'Complete all the fields';

// Text (not quoted by the spec).
export const maxLengthMessage = (max: number): string => `Enter up to ${max} ${plural(max, 'character')}`;
export const REQUIRED_VALUE = 'Enter a value';

// Character count of a textarea (spec section 5: 'You have N character(s) remaining' / 'too many').
export const charactersRemainingMessage = (remaining: number): string =>
  `You have ${remaining} ${plural(remaining, 'character')} remaining`;
export const charactersTooManyMessage = (over: number): string =>
  `You have ${over} ${plural(over, 'character')} too many`;
/** Shown to assistive technology (and without JavaScript) as the textarea description, as govuk-frontend does. */
export const charactersLimitDescription = (max: number): string =>
  `You can enter up to ${max} ${plural(max, 'character')}`;

function plural(count: number, singular: string): string {
  return Math.abs(count) === 1 ? singular : `${singular}s`;
}

function listWithOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
