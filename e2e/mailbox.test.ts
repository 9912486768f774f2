// The mailbox `npm start` runs (Mailpit, http://localhost:8025): an administrator invites a colleague
// from the account's page, and the invitation is read on the mailbox's own web page, whose link
// takes the colleague to the service. The e2e service sends to a Mailpit of its own
// (test/setup/e2e-setup.ts); skipped, saying so, where Mailpit could not be built.
import { baseUrl } from '../test/browser';
import { useBrowser } from '../test/e2e-browser';
import { mailpitUrl } from '../test/e2e-mailbox';
import { e2eDb, newPerson } from '../test/e2e-people';
import { createAccount, grantOperator } from '../test/factories';

const { as, newPage } = useBrowser();
const mailbox = mailpitUrl();
if (!mailbox) console.warn('SKIPPED: Mailpit is not built, so the browser tests send e-mail to an SMTP peer instead.');
const itWithMailbox = mailbox ? it : it.skip;

itWithMailbox(
  'shows an invitation sent from the account’s page in the mailbox, whose link opens the invitation',
  async () => {
    const account = await createAccount(e2eDb(), { name: `Mailbox Mills ${Date.now()}` });
    const admin = await newPerson({ firstName: 'Mia', lastName: 'Mailbox' });
    await grantOperator(e2eDb(), admin, account, 'operator_admin');
    const colleague = `colin.${Date.now()}@example.test`;

    const page = await as(admin);
    await page.goto(`${baseUrl()}/accounts/${account.id}`);
    await page.getByRole('tab', { name: 'Users and contacts' }).click();
    await page.getByRole('button', { name: 'Add a new user' }).click();
    await page.getByLabel('First name').fill('Colin');
    await page.getByLabel('Last name').fill('Colleague');
    await page.getByLabel('Email address').fill(colleague);
    await page.getByRole('group', { name: 'User type' }).getByLabel('Restricted user').check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invitation has been sent to ${colleague}`).waitFor();

    // The mailbox's web page lists it (the outbox wakes the dispatcher, which sends it over SMTP at once).
    const inbox = await newPage();
    await inbox.goto(mailbox!);
    const subject = `You have been invited to ${account.name}`;
    const listed = inbox.getByText(subject).first();
    for (let i = 0; i < 60 && !(await listed.isVisible()); i++) {
      await inbox.waitForTimeout(500);
      if (i % 10 === 9) await inbox.reload();
    }
    await listed.click();
    await inbox.getByText(`<${colleague}>`).waitFor();
    // The message as the colleague would read it, and its link to the service.
    const link = inbox.frameLocator('#preview-html').locator(`a[href^="${baseUrl()}/invitation?token="]`).first();
    const [opened] = await Promise.all([inbox.context().waitForEvent('page'), link.click()]);
    await opened.getByRole('heading', { name: 'Create a sign-in to accept your invitation' }).waitFor();
    expect(opened.url()).toMatch(new RegExp(`^${baseUrl()}/invitation\\?token=`));
  },
);
