// Where people got stuck (issue 26, "Dead ends and silent failures"), in a real browser: the terms
// of use required before any work; a registration number checked where it is entered and shown; a
// changed answer that opens questions goes through them before the summary; a regulator's
// invitation without a failing call, and the regulator's own words while awaiting activation; a user
// disabled while signed in told why, on the next call and on the next page load.
import { baseUrl, watchConsole } from '../test/browser';
import { expectAccessible, useBrowser, startButton } from '../test/e2e-browser';
import { accountWithAdmin, e2eDb, newPerson } from '../test/e2e-people';
import { enterPassword } from '../test/e2e-session';
import { createAccount, grantOperator } from '../test/factories';
import { completeSection, fillFields } from '../test/report-filler';
import { completeReport } from '../test/fixtures/notification-reports';
import { notificationReport } from '../processes/notification-of-compliance/report';
import { sectionOf, stepOf } from '../domain/reports/report';
import { newInvitationToken } from '../api/auth/invitations';
import { endSessions } from '../identity/sessions';
import { ACCOUNT_DISABLED } from '../domain/users';

jest.setTimeout(180_000);

const { as, newPage } = useBrowser();

describe('the terms of use', () => {
  it('lead every signed-in page to /terms until the latest version is accepted, then lets them work', async () => {
    const person = await newPerson({ firstName: 'Tom', lastName: 'Terms', regulatorOf: 'ENGLAND' });
    await e2eDb()('users').where({ id: person.id }).update({ terms_version: null });
    const page = await as(person);
    const errors = watchConsole(page);
    await page.waitForURL('**/terms');
    await expectAccessible(page);

    // The header's links, and an address typed in: each leads back to the terms.
    await page.getByRole('link', { name: 'Tasks' }).first().click();
    await page.waitForURL('**/terms');
    await page.getByRole('heading', { name: 'Terms and conditions' }).waitFor();
    for (const path of ['/dashboard', '/accounts', '/user/regulators', '/mi-reports', '/tasks/1']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForURL('**/terms');
      await page.getByRole('heading', { name: 'Terms and conditions' }).waitFor();
    }

    await page.getByLabel('I have read, understood and accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Tasks' }).waitFor();
    await page.goto(`${baseUrl()}/accounts`);
    await page.waitForURL('**/accounts');
    expect(errors).toEqual([]);
  });
});

describe('the responsible undertaking’s registration number', () => {
  it('is on the company register in the demo data', async () => {
    const demo = await e2eDb()('accounts').where({ organisation_id: 'ORG000001' }).first('registration_number', 'name');
    const registered = await e2eDb()('company_register')
      .where({ registration_number: demo.registration_number })
      .first('name');
    expect(registered?.name.toLowerCase()).toBe(demo.name.toLowerCase());
  });

  it('is checked where it is entered, on the summary and on the task list, and the register’s name is shown when it is another company’s', async () => {
    const db = e2eDb();
    const companies = await db('company_register')
      .where({ company_status: 'active', country: 'England' })
      .orderBy('registration_number')
      .offset(40)
      .limit(2)
      .select('registration_number', 'name');
    const [own, other] = companies as { registration_number: string; name: string }[];
    // An account whose number no register knows (as the demo data's was).
    let unknown = '08000001';
    while (await db('company_register').where({ registration_number: unknown }).first())
      unknown = String(Number(unknown) + 1).padStart(8, '0');
    const account = await createAccount(db, { name: own!.name, registrationNumber: unknown });
    await db('accounts')
      .where({ id: account.id })
      .update({ classification_codes: JSON.stringify({ type: 'SIC', otherTypeName: null, codes: ['35110'] }) });
    const admin = await newPerson({ firstName: 'Reg', lastName: 'Number' });
    await grantOperator(db, admin, account, 'operator_admin');
    const page = await as(admin);

    await page.goto(`${baseUrl()}/accounts/${account.id}`);
    await startButton(page).click();
    await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
    const taskUrl = page.url();
    await completeSection(
      page,
      notificationReport,
      'reportingObligation',
      completeReport('esos95To100').report.reportingObligation!,
    );

    // Entered (here: filled in from the account): refused on its page, saying why.
    await page.getByRole('link', { name: 'Responsible undertaking', exact: true }).click();
    await page.getByRole('heading', { name: 'Enter the organisation details' }).waitFor();
    await expect(page.getByLabel('Company registration number').inputValue()).resolves.toBe(unknown);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page
      .getByRole('link', { name: 'Responsible undertaking organisation registration number is not valid' })
      .waitFor();
    await expectAccessible(page);

    // Another company's number: accepted, and the register's name for it is shown beside the answer's.
    await page.getByLabel('Company registration number').fill(other!.registration_number);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: /trading name/ }).waitFor();
    const mismatch = `Companies House has registration number ${other!.registration_number} for ${other!.name}, not ${own!.name}.`;
    await page.goto(taskUrl);
    await page.getByText(mismatch).waitFor();
    await page.getByRole('link', { name: 'Responsible undertaking', exact: true }).click();
    await page.getByText(mismatch).waitFor();
    await expectAccessible(page);

    // Shown on the task list: a number the register does not know (it left the register since) is a
    // problem there, with the way to correct it, and the report cannot be sent.
    const taskId = Number(new URL(taskUrl).pathname.split('/').pop());
    await db.raw(
      `update request_tasks set payload = jsonb_set(payload, '{report,responsibleUndertaking,organisationDetails,registrationNumber}', to_jsonb(?::text)) where id = ?`,
      [unknown, taskId],
    );
    await page.goto(taskUrl);
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Error: /);
    await expectAccessible(page);
    await page
      .getByRole('link', { name: 'Responsible undertaking organisation registration number is not valid' })
      .click();
    await page.getByLabel('Company registration number').fill(own!.registration_number);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    // Corrected through its Change link: back to the summary, no problem left.
    await page.getByRole('heading', { level: 1, name: 'Responsible undertaking' }).waitFor();
    await page.getByText(own!.registration_number, { exact: true }).waitFor();
    expect(await page.getByText(/Companies House has registration number/).count()).toBe(0);
    await page.goto(taskUrl);
    await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
    expect(await page.getByRole('heading', { name: 'There is a problem' }).count()).toBe(0);
  });
});

describe('changing an answer on the check-answers summary', () => {
  it('goes through the questions the change opens, then back to the summary, which then completes', async () => {
    const db = e2eDb();
    const account = await createAccount(db, { name: `Changing Widgets ${Date.now()}` });
    const admin = await newPerson({ firstName: 'Cha', lastName: 'Nge' });
    await grantOperator(db, admin, account, 'operator_admin');
    const page = await as(admin);
    await page.goto(`${baseUrl()}/accounts/${account.id}`);
    await startButton(page).click();
    await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
    await completeSection(page, notificationReport, 'reportingObligation', {
      qualificationType: 'NOT_QUALIFY',
      noQualificationReason: 'Fewer than 250 staff.',
    });

    await page.getByRole('link', { name: 'Reporting obligation', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Reporting obligation' }).waitFor();
    await page.getByRole('link', { name: /^Change does your organisation qualify for esos/i }).click();
    await page.getByLabel('Yes, the organisation qualifies for ESOS and will submit a notification').check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/qualification'));

    // The pages the change opened, one after the other, each still a change of the summary.
    const section = sectionOf(notificationReport, 'reportingObligation')!;
    const answers = completeReport('esos95To100').report.reportingObligation!;
    const visited: string[] = [];
    for (;;) {
      await page.waitForURL(
        (url) => url.pathname.endsWith('/reportingObligation') || url.searchParams.get('change') === 'true',
      );
      const url = new URL(page.url());
      if (url.pathname.endsWith('/reportingObligation')) break;
      const step = stepOf(section, url.pathname.split('/').pop()!)!;
      visited.push(step.id);
      await page
        .getByRole('heading', { level: 1, name: step.title })
        .or(page.getByRole('group', { name: step.title }))
        .first()
        .waitFor();
      if (visited.length === 1) await expectAccessible(page);
      await fillFields(page, step.fields, '', answers);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.waitForURL((next) => next.href !== url.href);
    }
    expect(visited).toEqual(['qualification-reason', 'energy-responsibility', 'compliance-route-distribution']);
    await page.getByRole('heading', { level: 1, name: 'Reporting obligation' }).waitFor();
    await page.getByRole('button', { name: 'Confirm and complete' }).click();
    await page.waitForURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
    expect(await page.getByRole('heading', { name: 'There is a problem' }).count()).toBe(0);
  });
});

describe('a regulator’s invitation', () => {
  /** A pending regulator invitation for this address (as POST /regulator-users/invite makes it); its link. */
  async function invite(email: string, inviter: string): Promise<string> {
    const { token, hash, expiresAt } = newInvitationToken();
    await e2eDb()('authorities').insert({
      user_id: null,
      competent_authority: 'ENGLAND',
      status: 'PENDING',
      permissions: [],
      invitation_token_hash: hash,
      invitation_expires_at: expiresAt,
      invited_email: email,
      invited_profile: JSON.stringify({
        firstName: 'Ivy',
        lastName: 'Invited',
        jobTitle: 'Officer',
        phoneNumber: '01632 960001',
      }),
      created_by: inviter,
    });
    return `${baseUrl()}/invitation/regulator?token=${encodeURIComponent(token)}`;
  }

  it('asks someone with no sign-in yet to create one, without a refused call', async () => {
    const inviter = await newPerson({ firstName: 'Ian', lastName: 'Inviter', regulatorOf: 'ENGLAND' });
    const link = await invite(`ivy.${Date.now()}@example.org`, inviter.id);
    const page = await newPage();
    const errors = watchConsole(page);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Create a sign-in to accept your invitation' }).waitFor();
    await expectAccessible(page);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('accepted, shows the regulator how their account is activated, without repeating the heading', async () => {
    const inviter = await newPerson({ firstName: 'Ian', lastName: 'Inviter', regulatorOf: 'ENGLAND' });
    const invitee = await newPerson({ firstName: 'Ivy', lastName: 'Invited' });
    const link = await invite(invitee.email, inviter.id);
    const page = await as(invitee);
    const errors = watchConsole(page);
    await page.goto(link);
    await page.getByRole('heading', { name: 'You have accepted the invitation' }).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/landing');
    await page.getByRole('heading', { level: 1, name: 'Your user account needs to be activated' }).waitFor();
    await page
      .getByText('A regulator user of your organisation who manages its regulator users must activate it.', {
        exact: false,
      })
      .waitFor();
    expect(await page.getByText(/Advanced User of the organisation account/).count()).toBe(0);
    expect(await page.getByText('Your user account needs to be activated', { exact: false }).count()).toBe(1);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

describe('a user disabled while signed in', () => {
  it('lands on the signed-out page told why', async () => {
    const person = await newPerson({ firstName: 'Dee', lastName: 'Disabled', regulatorOf: 'ENGLAND' });
    const page = await as(person);
    await page.waitForURL('**/dashboard');
    // The dashboard drawn and its own calls answered, so the next call is the click's.
    await page.getByRole('link', { name: 'MI Reports' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Another regulator disables them (PATCH … the API's own steps): the authority, and their sign-ins ended.
    await e2eDb()('authorities').where({ user_id: person.id }).update({ status: 'DISABLED' });
    await endSessions(e2eDb(), person.id);

    await page.getByRole('link', { name: 'MI Reports' }).first().click();
    await page.waitForURL('**/landing');
    await page.getByText('You have been signed out', { exact: true }).waitFor();
    await page.getByText(ACCOUNT_DISABLED).waitFor();
    await page.getByRole('button', { name: 'Start now' }).waitFor();
    await expectAccessible(page);
    // Said once: a later visit to the page is the usual one.
    await page.reload();
    await page.getByRole('button', { name: 'Start now' }).waitFor();
    expect(await page.getByText('You have been signed out', { exact: true }).count()).toBe(0);
  });

  it('is told why on a full page load too, once, and signed in again sees that they cannot use their user account', async () => {
    const { admin } = await accountWithAdmin('Fullload Disabled Ltd');
    const page = await as(admin);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Tasks' }).waitFor();
    // Disabled meanwhile (the API's own steps: the authority, then their sign-ins ended).
    await e2eDb()('authorities').where({ user_id: admin.id }).update({ status: 'DISABLED' });
    await endSessions(e2eDb(), admin.id);

    // An address typed in: a new page load, whose tokens went with the old one. The silent check says why.
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL('**/landing');
    await page.getByText('You have been signed out', { exact: true }).waitFor();
    expect(await page.getByText(ACCOUNT_DISABLED).count()).toBe(1);
    await page.getByRole('button', { name: 'Start now' }).waitFor();
    await expectAccessible(page);

    // Said once: a new tab of the same browser gets the usual signed-out page.
    const tab = await page.context().newPage();
    await tab.goto(`${baseUrl()}/dashboard`);
    await tab.waitForURL('**/landing');
    await tab.getByRole('button', { name: 'Start now' }).waitFor();
    expect(await tab.getByText('You have been signed out', { exact: true }).count()).toBe(0);
    await tab.close();

    // Signing in again: the view for a disabled user.
    await page.getByRole('button', { name: 'Start now' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/auth/interaction/**');
    await enterPassword(page, admin);
    await page.waitForURL('**/landing');
    await page.getByRole('heading', { level: 1, name: 'You cannot use your user account' }).waitFor();
    await page.getByText(ACCOUNT_DISABLED).waitFor();
    await expectAccessible(page);
  });
});
