// ClamAV for `npm start` and `npm run start:cluster` on a machine that lacks it: without clamd,
// /api/health reports the virus scanner DOWN and every upload answers 503. Debian's clamav-daemon is
// installed the way .ci/run installs it when the user may (root, or sudo without a password);
// otherwise the one command to run is printed, with the reason. Node built-ins only: it runs
// before `npm install`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CLAMD_PATH = '/usr/sbin/clamd';
const INSTALL = ['apt-get', 'install', '-y', '-qq', 'clamav-daemon'];
const UNTIL = 'Until then /api/health reports the virus scanner DOWN and uploads answer 503.';

/**
 * What to do about a missing clamd, from what the machine allows (facts injected, so it is tested):
 * `{ action: 'install', steps }`, the commands to run in order, or `{ action: 'advise', message }`,
 * the one command for the user and why it was not run here.
 */
export function clamavInstallPlan({ uid, aptGet, sudo, sudoWithoutPassword, optedOut }) {
  if (!aptGet)
    return {
      action: 'advise',
      message: `ClamAV is not installed, and this system has no apt-get to install Debian's clamav-daemon: install ClamAV's clamd with its package manager, or point CLAMAV_SOCKET or CLAMAV_HOST at a clamd. ${UNTIL}`,
    };
  const command = `sudo apt-get install clamav-daemon`;
  if (optedOut)
    return {
      action: 'advise',
      message: `ClamAV is not installed (CLAMAV_INSTALL=false: not installing it). Run:\n\n    ${command}\n\nthen start again. ${UNTIL}`,
    };
  // apt-get asks nothing with DEBIAN_FRONTEND=noninteractive; through `env`, since sudo resets the environment.
  const steps = (prefix) => [
    [...prefix, 'apt-get', 'update', '-qq'],
    [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', ...INSTALL],
  ];
  if (uid === 0) return { action: 'install', steps: steps([]) };
  if (sudo && sudoWithoutPassword) return { action: 'install', steps: steps(['sudo', '-n']) };
  const why = sudo
    ? 'installing it needs root, and sudo asks for a password'
    : 'installing it needs root, and there is no sudo';
  return {
    action: 'advise',
    message: `ClamAV is not installed, and it is not installed for you: ${why}. Run:\n\n    ${command}\n\nthen start again. ${UNTIL}`,
  };
}

function onPath(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
}

/** The facts clamavInstallPlan decides on, read from this machine and the environment. */
export function machineFacts(env = process.env) {
  const sudo = onPath('sudo');
  return {
    uid: process.getuid?.() ?? -1,
    aptGet: onPath('apt-get'),
    sudo,
    sudoWithoutPassword: sudo && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
    optedOut: env.CLAMAV_INSTALL === 'false',
  };
}

/**
 * True when clamd is installed (CLAMD_PATH, else Debian's), after installing it when it was not and
 * the plan says it may be; false, having said what to run, when it is still missing.
 */
export function ensureClamdInstalled(
  say,
  { clamdPath = process.env.CLAMD_PATH || CLAMD_PATH, facts = machineFacts() } = {},
) {
  if (fs.existsSync(clamdPath)) return true;
  const plan = clamavInstallPlan(facts);
  if (plan.action === 'advise') {
    say(plan.message);
    return false;
  }
  say(
    'ClamAV is not installed: installing clamav-daemon from Debian for upload scanning (once per machine; CLAMAV_INSTALL=false skips this)…',
  );
  for (const step of plan.steps) {
    if (spawnSync(step[0], step.slice(1), { stdio: 'inherit' }).status !== 0) {
      say(`\`${step.join(' ')}\` failed. Run \`sudo apt-get install clamav-daemon\`, then start again. ${UNTIL}`);
      return false;
    }
  }
  return fs.existsSync(clamdPath);
}
