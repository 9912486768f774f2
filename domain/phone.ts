// Phone numbers as the people pages take them (reference real-service-details §E): a country calling
// code chosen from a list (44 by default) and the number, checked with the real service's messages.
// The real service checks a number against each country's numbering plan (libphonenumber), which is
// not a dependency here: we check the characters, the calling code, and the number's length — the
// national significant number's 9 or 10 digits for the UK, and at most E.164's 15 digits with the
// code elsewhere. Also where a profile's stored number ('+44 20 7946 0000') becomes the pair again.

export interface PhoneNumber {
  countryCode: string;
  number: string;
}

export const phoneMessages = {
  required: 'Enter your phone number',
  incomplete: 'Enter both country code and number',
  tooLarge: 'Your phone number should not be larger than 255 characters',
  invalidChars: 'The phone number contains invalid characters',
  tooShort: 'The phone number is too short for your country code',
  tooLong: 'The phone number is too long for your country code',
  invalid: 'Your phone number is not valid',
} as const;

/**
 * ITU country calling codes of the countries on the reference list (ISO 3166-1 alpha-2), as
 * 'code:ISO ISO …'. Territories without one of their own (AQ, BV, GS, HM, PN, TF, UM) are left out.
 */
const CALLING_CODES =
  '1:US CA AG AI AS BB BM BS DM DO GD GU JM KN KY LC MP MS PR SX TC TT VC VG VI|7:RU KZ|20:EG|27:ZA|30:GR|31:NL|32:BE|33:FR|34:ES|36:HU|39:IT VA|40:RO|41:CH|43:AT|44:GB GG IM JE|45:DK|46:SE|47:NO SJ|48:PL|49:DE|51:PE|52:MX|53:CU|54:AR|55:BR|56:CL|57:CO|58:VE|60:MY|61:AU CC CX|62:ID|63:PH|64:NZ|65:SG|66:TH|81:JP|82:KR|84:VN|86:CN|90:TR|91:IN|92:PK|93:AF|94:LK|95:MM|98:IR|211:SS|212:MA EH|213:DZ|216:TN|218:LY|220:GM|221:SN|222:MR|223:ML|224:GN|225:CI|226:BF|227:NE|228:TG|229:BJ|230:MU|231:LR|232:SL|233:GH|234:NG|235:TD|236:CF|237:CM|238:CV|239:ST|240:GQ|241:GA|242:CG|243:CD|244:AO|245:GW|246:IO|248:SC|249:SD|250:RW|251:ET|252:SO|253:DJ|254:KE|255:TZ|256:UG|257:BI|258:MZ|260:ZM|261:MG|262:RE YT|263:ZW|264:NA|265:MW|266:LS|267:BW|268:SZ|269:KM|290:SH|291:ER|297:AW|298:FO|299:GL|350:GI|351:PT|352:LU|353:IE|354:IS|355:AL|356:MT|357:CY|358:FI AX|359:BG|370:LT|371:LV|372:EE|373:MD|374:AM|375:BY|376:AD|377:MC|378:SM|380:UA|381:RS|382:ME|383:XK|385:HR|386:SI|387:BA|389:MK|420:CZ|421:SK|423:LI|500:FK|501:BZ|502:GT|503:SV|504:HN|505:NI|506:CR|507:PA|508:PM|509:HT|590:GP BL MF|591:BO|592:GY|593:EC|594:GF|595:PY|596:MQ|597:SR|598:UY|599:CW BQ|670:TL|672:NF|673:BN|674:NR|675:PG|676:TO|677:SB|678:VU|679:FJ|680:PW|681:WF|682:CK|683:NU|685:WS|686:KI|687:NC|688:TV|689:PF|690:TK|691:FM|692:MH|850:KP|852:HK|853:MO|855:KH|856:LA|880:BD|886:TW|960:MV|961:LB|962:JO|963:SY|964:IQ|965:KW|966:SA|967:YE|968:OM|970:PS|971:AE|972:IL|973:BH|974:QA|975:BT|976:MN|977:NP|992:TJ|993:TM|994:AZ|995:GE|996:KG|998:UZ';

/** Calling code → the countries that use it, the main one first. */
export const callingCodes: ReadonlyMap<string, readonly string[]> = new Map(
  CALLING_CODES.split('|').map((entry) => {
    const [code, countries] = entry.split(':') as [string, string];
    return [code, countries.split(' ')];
  }),
);

export const DEFAULT_CALLING_CODE = '44';

/**
 * The country code select's options: 'UK, GG, IM, JE (44)', 'US, CA, AG … (1)', sorted by their words, a blank first.
 * Sorted by code units, which for these capitals, commas and digits is the alphabetical order
 * (domain/phone.test.ts checks it against localeCompare): the browser's localeCompare took about 12 ms
 * here, on the main thread of every page that loads this module.
 */
export const callingCodeOptions: readonly { value: string; text: string }[] = [
  { value: '', text: '' },
  ...[...callingCodes]
    .map(([code, countries]) => {
      const names = countries.map((c) => (c === 'GB' ? 'UK' : c));
      const shown = names.length > 4 ? `${names.slice(0, 3).join(', ')} …` : names.join(', ');
      return { value: code, text: `${shown} (${code})` };
    })
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)),
];

const CHARS = /^[\d \-()]*$/;

/**
 * What is wrong with a phone number, or null. No number is fine unless `required`; a number
 * without its country code never is. The number's digits without the national trunk prefix 0 are counted (Italy keeps it).
 */
export function phoneProblem(
  value: { countryCode?: string | null; number?: string | null } | null | undefined,
  required: boolean,
): string | null {
  const code = (value?.countryCode ?? '').trim();
  const number = (value?.number ?? '').trim();
  // The code has a default, so a number left blank is no number, whatever the code says.
  if (!number) return required ? phoneMessages.required : null;
  if (!code) return phoneMessages.incomplete;
  if (number.length > 255) return phoneMessages.tooLarge;
  if (!CHARS.test(number)) return phoneMessages.invalidChars;
  if (!callingCodes.has(code)) return phoneMessages.invalid;
  const digits = number.replace(/\D/g, '');
  const national = code === '39' ? digits : digits.replace(/^0/, '');
  const [min, max] = code === '44' ? [9, 10] : [4, 15 - code.length];
  if (national.length < min) return phoneMessages.tooShort;
  if (national.length > max) return phoneMessages.tooLong;
  return null;
}

/**
 * A phone number as it is dialled from abroad: '+44 1632 960001' for 44 and '01632 960001'. The
 * national trunk prefix 0 goes (Italy, 39, keeps it: it is part of the number there).
 */
export function formatPhone(values: { countryCode?: unknown; number?: unknown }): string | null {
  const code = String(values.countryCode ?? '')
    .trim()
    .replace(/^\+/, '');
  const number = String(values.number ?? '').trim();
  if (!code) return number || null;
  if (!number) return `+${code}`;
  return `+${code} ${code === '39' ? number : number.replace(/^0(?=\d)/, '')}`;
}

/**
 * A stored phone number ('+44 1632 960001', '01632 960001') as {countryCode, number}: a UK number
 * with its leading 0; another country's code when a space or dash ends it, else the number alone.
 */
export function phoneOf(value: unknown): Partial<PhoneNumber> | undefined {
  const phone = typeof value === 'string' ? value.trim() : '';
  if (!phone) return undefined;
  const uk = /^\+44[\s-]*(?:\(0\)|0)?\s*(.*)$/.exec(phone);
  if (uk) return { countryCode: '44', number: `0${uk[1]}` };
  if (!phone.startsWith('+')) return { countryCode: '44', number: phone };
  const other = /^\+(\d{1,4})[\s-]+(.*)$/.exec(phone);
  if (!other) return { number: phone.slice(1) };
  // Italy's numbers keep their leading 0, which formatPhone kept.
  return { countryCode: other[1]!, number: other[2]! };
}
