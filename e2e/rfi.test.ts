// A request for information in a real browser: a regulator sends one from the account page with a
// deadline and a file; the organisation's administrator sees the task with its deadline and days
// remaining and answers with a file; the regulator reads the response. A second one, whose response
// task's deadline is injected in seconds, is left unanswered: the administrator is reminded once
// each time, it expires, and the regulator decides the next steps. Each page passes axe at both
// widths. (Its refusals and a worker killed between reminders: processes/request-for-information/rfi.test.ts.)
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { baseUrl, watchConsole } from '../test/browser';
import { accountWithAdmin, e2eDb, newPerson, type Person } from '../test/e2e-people';
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { fillRfiQuestions, inDays } from '../test/rfi';
import type { RequestInput } from '../domain/request-messages';

const { as } = useBrowser();

/** A LIVE English account whose administrator is its primary contact, and an English regulator. */
async function accountAndRegulator(): Promise<{ account: { id: number }; reg: Person; admin: Person }> {
  const reg = await newPerson({ firstName: 'Rita', lastName: 'Requester', regulatorOf: 'ENGLAND' });
  const { id, admin } = await accountWithAdmin(`Quarry Bakeries ${Date.now()}`);
  return { account: { id }, reg, admin };
}

it('is sent by a regulator, answered with a file by the operator before its deadline, and read by the regulator', async () => {
  const { account, reg, admin } = await accountAndRegulator();
  const d = e2eDb();

  // The regulator starts it from the account page and writes it.
  const regulator = await as(reg);
  const regulatorErrors = watchConsole(regulator);
  await regulator.goto(`${baseUrl()}/accounts/${account.id}`);
  await regulator.getByRole('button', { name: 'Start request for information' }).click();
  await regulator.getByRole('heading', { name: 'Request for information', level: 1 }).waitFor();
  await expectAccessible(regulator);
  await regulator.getByRole('button', { name: 'Send request for information' }).click();
  await regulator.getByRole('link', { name: 'Enter the information you are requesting' }).waitFor();
  const deadline = inDays(21);
  await fillRfiQuestions(regulator, 'Why has the organisation not submitted its action plan?', deadline);
  await regulator.getByLabel('Attach files for the organisation (optional)').setInputFiles({
    name: 'Reminder letter.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Sent,Reference\n2026-01-10,EA-1\n'),
  });
  await regulator.getByRole('list', { name: 'Uploaded files' }).getByText('Reminder letter.csv').waitFor();
  await regulator.getByRole('button', { name: 'Send request for information' }).click();
  await regulator.getByRole('heading', { name: 'Request for information sent' }).waitFor();
  await expectAccessible(regulator);
  // Meanwhile the regulator's own task waits for the response, and offers to cancel the request.
  await regulator.goto(`${baseUrl()}/dashboard`);
  await regulator.getByRole('link', { name: 'Wait for response to request for information' }).click();
  await regulator.getByText('Waiting for the organisation to respond to the request for information.').waitFor();
  await regulator.getByText(deadline.long).first().waitFor();
  await regulator
    .getByRole('button', { name: 'Cancel this request for information' })
    .or(regulator.getByRole('link', { name: 'Cancel this request for information' }))
    .first()
    .waitFor();
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
  await operator.getByLabel('Attach files to your response (optional)').setInputFiles({
    name: 'Action plan copy.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Measure,Saving\nLED lighting,12\n'),
  });
  await operator.getByRole('list', { name: 'Uploaded files' }).getByText('Action plan copy.csv').waitFor();
  // A file chosen by mistake is taken off again.
  await operator
    .getByLabel('Attach files to your response (optional)')
    .setInputFiles({ name: 'Wrong file.csv', mimeType: 'text/csv', buffer: Buffer.from('Not,This\n1,2\n') });
  await operator
    .getByRole('link', { name: 'Remove Wrong file.csv' })
    .or(operator.getByRole('button', { name: 'Remove Wrong file.csv' }))
    .first()
    .click();
  await operator
    .getByRole('list', { name: 'Uploaded files' })
    .getByText('Wrong file.csv')
    .waitFor({ state: 'detached' });
  await operator.getByRole('button', { name: 'Send response' }).click();
  await operator.getByRole('heading', { name: 'Response sent' }).waitFor();
  await expectAccessible(operator);

  // The regulator's task now shows the response, with its file and PDF.
  await regulator.goto(`${baseUrl()}/dashboard`);
  await regulator.getByRole('link', { name: 'Review response to request for information' }).click();
  await regulator.getByRole('heading', { name: 'Review response to request for information', level: 1 }).waitFor();
  await regulator.getByText('The plan was sent by post; a copy is attached.').first().waitFor();
  await regulator
    .getByRole('button', { name: /Action plan copy\.csv/ })
    .or(regulator.getByRole('link', { name: /Action plan copy\.csv/ }))
    .first()
    .waitFor();
  await regulator
    .getByText(/Request for information response\.pdf/)
    .first()
    .waitFor();
  await expectAccessible(regulator);
  await regulator.getByRole('button', { name: 'Mark as reviewed' }).click();
  await regulator.getByRole('heading', { name: 'Response reviewed' }).waitFor();

  const request = await d('requests').where({ account_id: account.id, type: 'RFI' }).first('status');
  expect(request.status).toBe('COMPLETED');
  expect(regulatorErrors).toEqual([]);
  expect(operatorErrors).toEqual([]);
});

// The e2e service's Temporal, where a test may start a request with its deadlines in seconds.
const temporal = process.env.E2E_TEMPORAL_ADDRESS;

(temporal ? it : it.skip)(
  'left unanswered, reminds the administrator once each time, expires at its deadline, and the regulator decides the next steps',
  async () => {
    const { account, reg, admin } = await accountAndRegulator();
    const d = e2eDb();
    const requestId = `RFI${String(account.id).padStart(6, '0')}-1`;
    const connection = await Connection.connect({ address: temporal! });
    try {
      // As 'Start request for information' starts it, but the response is due 16 s after it is sent,
      // with reminders 8 s and 4 s before (a real one: the end of the deadline's day, 7 days and 1 day).
      const input: RequestInput = {
        requestId,
        requestType: 'RFI',
        accountId: account.id,
        competentAuthority: 'ENGLAND',
        startedBy: { userId: reg.id, fullName: `${reg.firstName} ${reg.lastName}`, roleType: 'REGULATOR' },
        payload: {},
        deadlines: { RFI_RESPONSE_SUBMIT_TASK: { dueInMs: 16_000, remindBeforeMs: [8_000, 4_000] } },
      };
      await new Client({ connection }).workflow.start('requestForInformation', {
        workflowId: requestId,
        taskQueue: process.env.E2E_TASK_QUEUE!,
        args: [input],
      });
    } finally {
      await connection.close();
    }

    const regulator = await as(reg);
    await regulator.goto(`${baseUrl()}/dashboard`);
    await regulator.getByRole('link', { name: 'Request for information', exact: true }).click();
    const deadline = inDays(30);
    await fillRfiQuestions(regulator, 'Where is your notification of compliance?', deadline);
    await regulator.getByRole('button', { name: 'Send request for information' }).click();
    await regulator.getByRole('heading', { name: 'Request for information sent' }).waitFor();

    // The administrator has the task until its deadline passes.
    const operator = await as(admin);
    await operator.goto(`${baseUrl()}/dashboard`);
    await operator.getByRole('link', { name: 'Respond to request for information' }).waitFor();
    for (
      const giveUp = Date.now() + 60_000;
      !(await d('request_tasks').where({ request_id: requestId, type: 'RFI_NEXT_STEPS' }).first());
      await sleep(250)
    ) {
      if (Date.now() > giveUp) throw new Error('the request did not expire');
    }
    await operator.reload();
    await operator
      .getByRole('heading', { name: 'Tasks' })
      .or(operator.getByRole('heading', { name: /dashboard/i }))
      .first()
      .waitFor();
    await operator.waitForLoadState('networkidle');
    expect(await operator.getByRole('link', { name: 'Respond to request for information' }).count()).toBe(0);
    const reminders = await d('email_outbox')
      .where({ to_address: admin.email })
      .whereIn('template', ['TaskReminder', 'TaskOverdue'])
      .select('template');
    expect(reminders.map((r) => r.template)).toEqual(['TaskReminder', 'TaskReminder']);

    // The regulator decides what follows; the request ends EXPIRED with each step on its timeline.
    await regulator.goto(`${baseUrl()}/dashboard`);
    await regulator.getByRole('link', { name: 'Decide next steps' }).click();
    await regulator
      .getByText('The deadline passed without a response. The request for information has expired.')
      .waitFor();
    await regulator.getByText('Request for information expired').first().waitFor();
    await expectAccessible(regulator);
    await regulator.getByRole('button', { name: 'Confirm next steps' }).click();
    await regulator.getByRole('link', { name: 'Enter the next steps' }).waitFor();
    await regulator.getByRole('textbox', { name: 'Next steps' }).fill('Send a compliance notice.');
    await regulator.getByRole('button', { name: 'Confirm next steps' }).click();
    await regulator.getByRole('heading', { name: 'Next steps recorded' }).waitFor();
    expect((await d('requests').where({ id: requestId }).first('status')).status).toBe('EXPIRED');
    expect((await d('request_actions').where({ request_id: requestId }).orderBy('id')).map((a) => a.type)).toEqual([
      'RFI_SUBMITTED',
      'RFI_EXPIRED',
      'RFI_NEXT_STEPS_DECIDED',
    ]);
  },
);
