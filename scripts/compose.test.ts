// docker-compose.yml is safe by default (issue 40; docs/operations.md): Docker does not run here, so
// its text is read for the rules — every port published on 127.0.0.1 unless BIND_ADDRESS says
// otherwise, no password or mail server with a default (they come from .env), and the service in
// production mode.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const compose = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const lines = compose.split('\n').filter((l) => !/^\s*#/.test(l));

it('publishes every port on 127.0.0.1 unless BIND_ADDRESS says otherwise', () => {
  const ports = lines.filter((l) => /^\s*ports:/.test(l));
  expect(ports.length).toBeGreaterThanOrEqual(6);
  for (const line of ports) {
    const published = [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    expect(published.length).toBeGreaterThan(0);
    for (const port of published) expect(port).toMatch(/^\$\{BIND_ADDRESS:-127\.0\.0\.1\}:\d+:\d+$/);
  }
});

it('takes the passwords and the mail server from .env, with no defaults', () => {
  for (const name of ['POSTGRES_PASSWORD', 'MI_REPORT_DB_PASSWORD', 'SMTP_URL']) {
    const uses = [...compose.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))].map((m) => m[1]!);
    expect(uses.length).toBeGreaterThan(0);
    // `:?` stops compose when it is unset; `:-` would be a default.
    for (const use of uses) expect(use).toMatch(/^:\?/);
  }
  expect(lines.join('\n')).not.toMatch(/PASSWORD:\s*[A-Za-z]|PWD:\s*[A-Za-z]|postgres:postgres@/);
  const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  for (const name of ['POSTGRES_PASSWORD=', 'MI_REPORT_DB_PASSWORD=', 'SMTP_URL=']) expect(example).toContain(name);
});

it('runs the service in production mode, and the mailbox answering only its own host', () => {
  expect(lines.join('\n')).toMatch(/^\s+NODE_ENV: production$/m);
  expect(compose).toContain('"--allowed-hosts", "localhost:8025,127.0.0.1:8025"');
});
