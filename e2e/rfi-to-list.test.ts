// A request for information sent to a compliance overview list in a real browser: a regulator of
// England opens the list of three organisations that have not started their notification, writes the
// questions and deadline once, checks who will be asked, sends, and watches the batch finish; each
// organisation's administrator then has a task to respond, with the questions. Each page passes axe
// at 1280 and 375 px. (Refusals and a worker killed half-way: processes/request-for-information/batch-workflow.test.ts.)
import { baseUrl, watchConsole } from '../test/browser';
import { accountWithAdmin, e2eDb, newPerson } from '../test/e2e-people';
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { fillRfiQuestions, inDays } from '../test/rfi';
import { NOTIFICATION } from '../processes';
import { RFI_RESPONSE } from '../processes/request-for-information/codes';

jest.setTimeout(300_000);
const { as } = useBrowser();

it('is sent to the three organisations of a list, and each organisation has its task to respond', async () => {
  const tag = `Listed Bakeries ${Math.random().toString(36).slice(2, 7)}`;
  const accounts = await Promise.all([1, 2, 3].map((i) => accountWithAdmin(`${tag} ${i}`)));
  const reg = await newPerson({ firstName: 'Lowri', lastName: 'Lister', regulatorOf: 'ENGLAND' });
  const regulator = await as(reg);
  const errors = watchConsole(regulator);

  await regulator.goto(
    `${baseUrl()}/compliance/accounts?${new URLSearchParams({ requestType: NOTIFICATION, state: 'NOT_STARTED', search: tag })}`,
  );
  await regulator.getByRole('status').filter({ hasText: '3 organisations' }).waitFor();
  await regulator.getByRole('button', { name: 'Send a request for information to these 3 organisations' }).click();

  // The questions and deadline, once for all three.
  await regulator
    .getByRole('heading', { name: 'Send a request for information to 3 organisations', level: 1 })
    .waitFor();
  // It says plainly that files go with one organisation's request, not with a list's.
  await regulator.getByText('A request sent to a list cannot carry files.', { exact: false }).waitFor();
  await expectAccessible(regulator);
  await regulator.getByRole('button', { name: 'Continue' }).click();
  await regulator.getByRole('link', { name: 'Enter the information you are requesting' }).waitFor();
  await expectAccessible(regulator);
  const questions = 'Why has the organisation not started its notification of compliance?';
  const deadline = inDays(28);
  await fillRfiQuestions(regulator, questions, deadline);
  await regulator.getByRole('button', { name: 'Continue' }).click();

  // The check page: who and how many, what they will be asked.
  await regulator.getByRole('heading', { name: 'Check your request for information', level: 1 }).waitFor();
  await regulator.getByText('3 organisations on the list of the Notification of Compliance').waitFor();
  await regulator.getByText('None: files are attached to one organisation’s request, not to a list').waitFor();
  await regulator.getByText(questions).waitFor();
  await regulator.getByText(deadline.long).waitFor();
  await expectAccessible(regulator);
  await regulator.getByRole('button', { name: 'Send requests for information' }).click();

  // Its progress, until each organisation's request is started.
  await regulator.getByRole('heading', { name: 'Requests for information', level: 1 }).waitFor();
  await regulator
    .getByTestId('rfi-status')
    .filter({ hasText: 'Done: 3 sent, 0 not sent, of 3' })
    .waitFor({ timeout: 120_000 });
  const table = regulator.getByRole('table');
  for (const i of [1, 2, 3])
    await table.getByRole('row', { name: new RegExp(`${tag} ${i} Request sent RFI\\d{6}-1`) }).waitFor();
  await expectAccessible(regulator);
  expect(errors).toEqual([]);

  // Each organisation's administrator has the task to respond, with the questions.
  const d = e2eDb();
  const deadlineWait = Date.now() + 60_000;
  let tasks: { assignee: string; account_id: number }[] = [];
  while (Date.now() < deadlineWait) {
    tasks = await d('request_tasks as t')
      .join('requests as r', 'r.id', 't.request_id')
      .whereIn(
        'r.account_id',
        accounts.map((a) => a.id),
      )
      .where({ 't.type': RFI_RESPONSE })
      .select('t.assignee', 'r.account_id');
    if (tasks.length === 3) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(tasks.map((t) => [t.account_id, t.assignee]).sort()).toEqual(accounts.map((a) => [a.id, a.admin.id]).sort());
  const operator = await as(accounts[1]!.admin);
  await operator.goto(`${baseUrl()}/dashboard`);
  await operator.getByRole('link', { name: 'Respond to request for information' }).click();
  await operator.getByRole('heading', { name: 'Respond to request for information', level: 1 }).waitFor();
  await operator.getByText(questions).first().waitFor();
  await operator.getByText(deadline.long).first().waitFor();
});
