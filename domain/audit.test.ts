import { readableAddress } from './audit';

describe('addresses as people write them', () => {
  it.each([
    ['::ffff:127.0.0.51', '127.0.0.51'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    ['127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['2001:db8::ffff:1.2.3.4', '2001:db8::ffff:1.2.3.4'],
    [null, null],
    ['', null],
  ])('%s reads %s', (raw, shown) => {
    expect(readableAddress(raw)).toBe(shown);
  });
});
