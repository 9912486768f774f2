// How a profile's phone numbers become a report's contact phone numbers (the prefill of §7.2).
import { phoneOf } from './reports';

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
