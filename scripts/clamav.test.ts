// What `npm start` does about a machine without ClamAV (scripts/clamav.mjs), decided from the
// machine's facts, injected here: install Debian's clamav-daemon as .ci/run does when it may, else
// print the one command and why. (The install itself was run by hand; ClamAV is not removed here.)
interface Facts {
  uid: number;
  aptGet: boolean;
  sudo: boolean;
  sudoWithoutPassword: boolean;
  optedOut: boolean;
}
type Plan = { action: 'install'; steps: string[][] } | { action: 'advise'; message: string };
// Plain JavaScript (it runs before npm install): typed here by what the test uses of it.
const { clamavInstallPlan } = require('./clamav.mjs') as { clamavInstallPlan: (facts: Facts) => Plan };

const debian: Facts = { uid: 1000, aptGet: true, sudo: true, sudoWithoutPassword: false, optedOut: false };
const install = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'clamav-daemon'];

it('installs clamav-daemon with apt-get as root, the way .ci/run does', () => {
  expect(clamavInstallPlan({ ...debian, uid: 0 })).toEqual({
    action: 'install',
    steps: [['apt-get', 'update', '-qq'], install],
  });
});

it('installs it through sudo when sudo asks no password', () => {
  expect(clamavInstallPlan({ ...debian, sudoWithoutPassword: true })).toEqual({
    action: 'install',
    steps: [
      ['sudo', '-n', 'apt-get', 'update', '-qq'],
      ['sudo', '-n', ...install],
    ],
  });
});

it('prints the one command, and why it did not run it, when it may not install', () => {
  const asksPassword = clamavInstallPlan(debian);
  expect(asksPassword.action).toBe('advise');
  const message = (asksPassword as { message: string }).message;
  expect(message).toContain('sudo apt-get install clamav-daemon');
  expect(message).toContain('installing it needs root, and sudo asks for a password');
  expect(message).toContain('uploads answer 503');
  expect(
    (clamavInstallPlan({ ...debian, sudo: false, sudoWithoutPassword: false }) as { message: string }).message,
  ).toContain('there is no sudo');
});

it('leaves the machine alone when told to (CLAMAV_INSTALL=false), or when it is not Debian-like', () => {
  expect(clamavInstallPlan({ ...debian, uid: 0, optedOut: true })).toMatchObject({
    action: 'advise',
    message: expect.stringContaining('CLAMAV_INSTALL=false'),
  });
  const other = clamavInstallPlan({ ...debian, uid: 0, aptGet: false });
  expect(other).toMatchObject({ action: 'advise', message: expect.stringContaining('no apt-get') });
});
