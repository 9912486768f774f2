// What a request for information tells people, in a real browser and the e2e service's mailbox: the
// organisation's administrator receives an e-mail naming the request, its number of questions, the
// deadline and a link that opens the task to respond; the regulator's cancelling of the sent request
// says that the request stays, Cancelled, and it does. Every page passes axe at 1280 and 375 px.
import { setTimeout as sleep } from 'node:timers/promises';
import { baseUrl, watchConsole } from '../test/browser';
import { accountWithAdmin, e2eDb, newPerson } from '../test/e2e-people';
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { mailpitUrl } from '../test/e2e-mailbox';
import { fillRfiQuestions, inDays } from '../test/rfi';
import { RFI_RESPONSE } from '../processes/request-for-information/codes';

jest.setTimeout(240_000);
const { as, newPage } = useBrowser();

/** The message with this subject in the e2e service's Mailpit, as its reader sees it (waits up to 30 s). */
async function mailWithSubject(subject: string): Promise<{ ID: string; To: string[]; Text: string } | null> {
  const url = mailpitUrl();
  if (!url) return null;
  for (let i = 0; i < 60; i++) {
    const { messages } = (await (await fetch(`${url}/api/v1/messages?limit=200`)).json()) as {
      messages: { ID: string; Subject: string }[];
    };
    const found = messages.find((m) => m.Subject === subject);
    if (found) {
      const m = (await (await fetch(`${url}/api/v1/message/${found.ID}`)).json()) as {
        To: { Address: string }[];
        Text: string;
      };
      return { ID: found.ID, To: m.To.map((t) => t.Address), Text: m.Text };
    }
    await sleep(500);
  }
  throw new Error(`No e-mail '${subject}' arrived`);
}

it('tells the administrator what is asked, by when and where to answer; cancelling it keeps the request, Cancelled', async () => {
  const reg = await newPerson({ firstName: 'Cara', lastName: 'Canceller', regulatorOf: 'ENGLAND' });
  const { id: accountId, admin } = await accountWithAdmin(`Harbour Kilns ${Date.now()}`);
  const regulator = await as(reg);
  const errors = watchConsole(regulator);
  await regulator.goto(`${baseUrl()}/accounts/${accountId}`);
  await regulator.getByRole('button', { name: 'Start request for information' }).click();
  await regulator.getByRole('heading', { name: 'Request for information', level: 1 }).waitFor();
  const deadline = inDays(30);
  await fillRfiQuestions(
    regulator,
    'Please answer:\n1. Who is your lead assessor?\n2. When was your energy audit done?',
    deadline,
  );
  await regulator.getByRole('button', { name: 'Send request for information' }).click();
  await regulator.getByRole('heading', { name: 'Request for information sent' }).waitFor();
  const { id: requestId } = await e2eDb()('requests').where({ account_id: accountId, type: 'RFI' }).first('id');

  // The administrator's e-mail: the request, two questions, the deadline, and the link to the task.
  const subject = `Request for information ${requestId}: respond by ${deadline.long} - Manage your ESOS reporting`;
  const mail = await mailWithSubject(subject);
  const task = await e2eDb()('request_tasks').where({ request_id: requestId, type: RFI_RESPONSE }).first('id');
  if (mail) {
    expect(mail.To).toEqual([admin.email]);
    expect(mail.Text).toContain(`a request for information, reference ${requestId}. It asks 2 questions.`);
    expect(mail.Text).toContain(`A response is required by 11:59pm on ${deadline.long}.`);
    expect(mail.Text).not.toContain('New task received');
    // Its link, followed in the administrator's browser, opens the task to respond.
    const inbox = await newPage();
    await inbox.goto(mailpitUrl()!);
    await inbox.getByText(subject).first().click();
    const link = inbox
      .frameLocator('#preview-html')
      .getByRole('link', { name: `Respond to request for information ${requestId}` });
    expect(await link.getAttribute('href')).toBe(`${baseUrl()}/tasks/${task.id}`);
  } else {
    console.warn('Mailpit is not running: the e-mail is checked in the outbox only.');
    const queued = await e2eDb()('email_outbox').where({ to_address: admin.email, subject }).first('body_text');
    expect(queued.body_text).toContain('It asks 2 questions.');
  }
  const operator = await as(admin);
  await operator.goto(`${baseUrl()}/tasks/${task.id}`);
  await operator.getByRole('heading', { name: 'Respond to request for information', level: 1 }).waitFor();

  // Cancelling the sent request says what happens: the request and its timeline stay, Cancelled.
  await regulator.goto(`${baseUrl()}/dashboard`);
  await regulator.getByRole('link', { name: 'Wait for response to request for information' }).click();
  await regulator.getByText('Waiting for the organisation to respond to the request for information.').waitFor();
  await regulator
    .getByRole('button', { name: 'Cancel this request for information' })
    .or(regulator.getByRole('link', { name: 'Cancel this request for information' }))
    .first()
    .click();
  await regulator
    .getByRole('heading', { name: 'Are you sure you want to cancel this request for information?', level: 1 })
    .waitFor();
  await regulator
    .getByText('The request, what was sent and its timeline are kept, with the status Cancelled.', { exact: false })
    .waitFor();
  expect(await regulator.getByText('This task and its data will be deleted.').count()).toBe(0);
  await expectAccessible(regulator);
  await regulator.getByRole('button', { name: 'Yes, cancel this request' }).click();
  await regulator.getByRole('heading', { name: 'Request for information cancelled' }).waitFor();
  await expectAccessible(regulator);
  for (let i = 0; i < 40; i++) {
    const { status } = await e2eDb()('requests').where({ id: requestId }).first('status');
    if (status === 'CANCELLED') break;
    await sleep(250);
  }
  expect((await e2eDb()('requests').where({ id: requestId }).first('status')).status).toBe('CANCELLED');
  const kept = await e2eDb()('request_actions').where({ request_id: requestId }).orderBy('id').pluck('type');
  expect(kept).toEqual(['RFI_SUBMITTED', 'RFI_CANCELLED']);
  expect(errors).toEqual([]);
});
