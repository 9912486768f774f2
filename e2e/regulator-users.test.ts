// Regulator users in a real browser: inviting from a base-permission preset (the matrix filled from
// the role template, a request for information among a technical officer's rights), and deleting a
// colleague through the confirmation page; a regulator holding a template's permissions offered what it
// grants on an account page (issue 39 item 1); axe at both widths on each page.
import { expectAccessible, useBrowser } from '../test/e2e-browser';
import { accountWithAdmin, e2eDb, newPerson } from '../test/e2e-people';
import { baseUrl, viewports } from '../test/browser';
import { regulatorRoleTemplates } from '../domain/users';

const browser = useBrowser();
const db = (table: string) => e2eDb()(table);

it('invites a technical officer from the preset, the matrix filled from the role template', async () => {
  const manager = await newPerson({ firstName: 'Pria', lastName: 'Preset', regulatorOf: 'OPRED' });
  const page = await browser.as(manager);
  await page.goto(`${baseUrl()}/user/regulators/add`);
  await page.getByRole('heading', { name: 'Add a new user' }).waitFor();
  await page.getByRole('button', { name: 'Technical officer' }).click();
  const level = (group: string, label: string) =>
    page.getByRole('group', { name: group, exact: true }).getByLabel(label, { exact: true });
  expect(await level('Request for information', 'Execute').isChecked()).toBe(true);
  expect(await level('Review organisation account', 'Execute').isChecked()).toBe(true);
  expect(await level('Assign/re-assign tasks', 'Execute').isChecked()).toBe(true);
  expect(await level('Manage users and contacts', 'None').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Admin team' }).click();
  expect(await level('Review organisation account', 'View only').isChecked()).toBe(true);
  expect(await level('Request for information', 'None').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Technical officer' }).click();
  await expectAccessible(page);

  const email = `tess.officer.${Date.now()}@example.org`;
  await page.getByLabel('First name').fill('Tess');
  await page.getByLabel('Last name').fill('Officer');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Job title').fill('Technical officer');
  await page.getByLabel('Phone number', { exact: true }).fill('0117 496 0000');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(`An invitation has been sent to ${email}`).waitFor();
  const invited = await db('authorities').whereRaw('lower(invited_email) = ?', [email]).first('permissions');
  expect(invited.permissions).toEqual(expect.arrayContaining(['PERM_RFI_SUBMIT', 'PERM_TASK_ASSIGNMENT']));
  expect(invited.permissions).not.toContain('PERM_CA_USERS_EDIT');
});

it('offers a regulator holding the superuser template a request for information on an account, and the admin team none', async () => {
  const { id } = await accountWithAdmin(`Template Bakeries ${Date.now()}`);
  const startRfi = 'Start request for information';
  for (const [code, offered] of [
    ['ca_super_user', true],
    ['regulator_admin_team', false],
  ] as const) {
    const person = await newPerson({ firstName: 'Tam', lastName: 'Template', regulatorOf: 'ENGLAND' });
    const { permissions } = regulatorRoleTemplates.find((t) => t.code === code)!;
    await db('authorities').where({ user_id: person.id }).update({ permissions });
    const page = await browser.as(person);
    await page.goto(`${baseUrl()}/accounts/${id}`);
    await page.getByRole('heading', { name: 'Template Bakeries', level: 1, exact: false }).waitFor();
    // Drawn with the account, at once: what the caller may start.
    await page.getByRole('heading', { name: 'Start a new task', level: 2 }).waitFor();
    if (offered) {
      await page.getByRole('button', { name: startRfi }).waitFor();
      await page.getByRole('button', { name: 'Start account closure' }).waitFor();
      await expectAccessible(page);
    } else expect(await page.getByRole('button', { name: startRfi }).count()).toBe(0);
  }
});

it('deletes a colleague after confirmation, and offers no deletion of oneself', async () => {
  const manager = await newPerson({ firstName: 'Dana', lastName: 'Deleter', regulatorOf: 'OPRED' });
  const colleague = await newPerson({ firstName: 'Colm', lastName: 'Colleague', regulatorOf: 'OPRED' });
  const page = await browser.as(manager, viewports.mobile);
  await page.goto(`${baseUrl()}/user/regulators`);
  await page.getByRole('link', { name: 'Delete Colm Colleague' }).click();
  await page
    .getByRole('heading', { name: 'Confirm that the user account of Colm Colleague will be deleted' })
    .waitFor();
  await page.getByText('You will not be able to undo this action.').waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm deletion' }).click();
  await page.getByRole('heading', { name: 'The user account of Colm Colleague has been deleted' }).waitFor();
  await expectAccessible(page);
  expect(await db('authorities').where({ user_id: colleague.id })).toEqual([]);
  await page.getByRole('link', { name: 'Return to regulator users' }).click();
  await page.getByRole('heading', { name: 'Regulator users' }).first().waitFor();
  expect(await page.getByRole('link', { name: 'Delete Dana Deleter' }).count()).toBe(0);

  // The address of one's own deletion says why not.
  await page.goto(`${baseUrl()}/user/regulators/${manager.id}/delete`);
  await page.getByText('You cannot delete your own user account.').waitFor();
});
