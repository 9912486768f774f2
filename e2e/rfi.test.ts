// A request for information in a real browser: a regulator sends one from the account page with a
// deadline and a file; the organisation's administrator sees the task with its deadline and days
// remaining and answers with a file; the regulator reads the response. Each page passes axe at
// both widths. (Its expiry, reminders and refusals: processes/request-for-information/rfi.test.ts.)
import { baseUrl, watchConsole } from '../test/browser';
import { e2eDb, newPerson } from '../test/e2e-people';
import { expectAccessible, useBrowser } from '../test/e2e-browser';

const { as } = useBrowser();

function inDays(days: number): { day: string; month: string; year: string; long: string } {
  const d = new Date(Date.now() + days * 86_400_000);
  const long = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return { day: String(d.getUTCDate()), month: String(d.getUTCMonth() + 1), year: String(d.getUTCFullYear()), long };
}

it('is sent by a regulator, answered with a file by the operator before its deadline, and read by the regulator', async () => {
  const reg = await newPerson({ firstName: 'Rita', lastName: 'Requester', regulatorOf: 'ENGLAND' });
  const admin = await newPerson({ firstName: 'Amir', lastName: 'Answerer' });
  const d = e2eDb();
  const name = `Quarry Bakeries ${Date.now()}`;
  const [account] = await d('accounts')
    .insert({ organisation_id: `ORG${700000 + Math.floor(Math.random() * 99999)}`, name, status: 'LIVE', competent_authority: 'ENGLAND', address_line1: '2 Mill Lane', city: 'Leeds', postcode: 'LS1 1AA', accepted_at: new Date() })
    .returning(['id', 'organisation_id']);
  const { operatorRoles } = await import('../domain/authorities');
  await d('authorities').insert({ user_id: admin.id, account_id: account.id, code: 'operator_admin', status: 'ACTIVE', permissions: operatorRoles.operator_admin.permissions });
  await d('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: admin.id });

  // The regulator starts it from the account page and writes it.
  const regulator = await as(reg);
  const regulatorErrors = watchConsole(regulator);
  await regulator.goto(`${baseUrl()}/accounts/${account.id}`);
  await regulator.getByRole('button', { name: 'Start request for information' }).click();
  await regulator.getByRole('heading', { name: 'Request for information', level: 1 }).waitFor();
  await expectAccessible(regulator);
  await regulator.getByRole('button', { name: 'Send request for information' }).click();
  await regulator.getByRole('link', { name: 'Enter the information you are requesting' }).waitFor();
  await regulator.getByLabel('What information do you need?').fill('Why has the organisation not submitted its action plan?');
  const deadline = inDays(21);
  const date = regulator.getByRole('group', { name: 'Deadline for the response' });
  await date.getByLabel('Day').fill(deadline.day);
  await date.getByLabel('Month').fill(deadline.month);
  await date.getByLabel('Year').fill(deadline.year);
  await regulator.getByLabel('Attach files for the organisation (optional)').setInputFiles({ name: 'Reminder letter.csv', mimeType: 'text/csv', buffer: Buffer.from('Sent,Reference\n2026-01-10,EA-1\n') });
  await regulator.getByRole('list', { name: 'Uploaded files' }).getByText('Reminder letter.csv').waitFor();
  await regulator.getByRole('button', { name: 'Send request for information' }).click();
  await regulator.getByRole('heading', { name: 'Request for information sent' }).waitFor();
  await expectAccessible(regulator);
  // Meanwhile the regulator's own task waits for the response, and offers to cancel the request.
  await regulator.goto(`${baseUrl()}/dashboard`);
  await regulator.getByRole('link', { name: 'Wait for response to request for information' }).click();
  await regulator.getByText('Waiting for the organisation to respond to the request for information.').waitFor();
  await regulator.getByText(deadline.long).first().waitFor();
  await regulator.getByRole('button', { name: 'Cancel task' }).or(regulator.getByRole('link', { name: 'Cancel task' })).first().waitFor();
  await expectAccessible(regulator);

  // The administrator has the task with its deadline, and answers with a file.
  const operator = await as(admin);
  const operatorErrors = watchConsole(operator);
  await operator.goto(`${baseUrl()}/dashboard`);
  await operator.getByRole('link', { name: 'Respond to request for information' }).click();
  await operator.getByRole('heading', { name: 'Respond to request for information', level: 1 }).waitFor();
  await operator.getByText(deadline.long).first().waitFor();
  await operator.getByText('Days Remaining').waitFor();
  await operator.getByText('Why has the organisation not submitted its action plan?').first().waitFor();
  await operator.getByText('Request for information sent by Rita Requester').first().waitFor();
  await expectAccessible(operator);
  await operator.getByRole('button', { name: 'Send response' }).click();
  await operator.getByRole('link', { name: 'Enter your response' }).waitFor();
  await operator.getByLabel('Your response', { exact: true }).fill('The plan was sent by post; a copy is attached.');
  await operator.getByLabel('Attach files to your response (optional)').setInputFiles({ name: 'Action plan copy.csv', mimeType: 'text/csv', buffer: Buffer.from('Measure,Saving\nLED lighting,12\n') });
  await operator.getByRole('list', { name: 'Uploaded files' }).getByText('Action plan copy.csv').waitFor();
  await operator.getByRole('button', { name: 'Send response' }).click();
  await operator.getByRole('heading', { name: 'Response sent' }).waitFor();
  await expectAccessible(operator);

  // The regulator's task now shows the response, with its file and PDF.
  await regulator.goto(`${baseUrl()}/dashboard`);
  await regulator.getByRole('link', { name: 'Review response to request for information' }).click();
  await regulator.getByRole('heading', { name: 'Review response to request for information', level: 1 }).waitFor();
  await regulator.getByText('The plan was sent by post; a copy is attached.').first().waitFor();
  await regulator.getByRole('button', { name: /Action plan copy\.csv/ }).or(regulator.getByRole('link', { name: /Action plan copy\.csv/ })).first().waitFor();
  await regulator.getByText(/Request for information response\.pdf/).first().waitFor();
  await expectAccessible(regulator);
  await regulator.getByRole('button', { name: 'Mark as reviewed' }).click();
  await regulator.getByRole('heading', { name: 'Response reviewed' }).waitFor();

  const request = await d('requests').where({ account_id: account.id, type: 'RFI' }).first('status');
  expect(request.status).toBe('COMPLETED');
  expect(regulatorErrors).toEqual([]);
  expect(operatorErrors).toEqual([]);
});
