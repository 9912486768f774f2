// The audit trail in a real browser: an operator adds a note on their account; a regulator opens the
// account's Audit trail tab and sees it as a sentence — who did what, acting as which authority,
// when, from where, with names and labels rather than ids and codes — at both widths with no axe
// violations; the operator has no such tab.
import { axeViolations, baseUrl, viewports, watchConsole } from '../test/browser';
import { e2eDb, newPerson } from '../test/e2e-people';
import { useBrowser } from '../test/e2e-browser';

const { as } = useBrowser();

it('shows a regulator who changed the account, and shows operators no audit tab', async () => {
  const d = e2eDb();
  const [{ id: accountId }] = await d('accounts')
    .insert({
      organisation_id: `ORGA${String(Date.now() % 100_000).padStart(5, '0')}`,
      name: 'Audited Energy Ltd',
      status: 'LIVE',
      competent_authority: 'ENGLAND',
      address_line1: '1 Road',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      classification_codes: JSON.stringify({ type: 'SIC', codes: ['10110'] }),
    })
    .returning('id');
  const admin = await newPerson({ firstName: 'Olu', lastName: 'Operator' });
  const reviewer = await newPerson({ firstName: 'Rae', lastName: 'Regulator', regulatorOf: 'ENGLAND' });
  const { operatorRoles } = await import('../domain/authorities');
  await d('authorities').insert({
    user_id: admin.id,
    account_id: accountId,
    code: 'operator_admin',
    status: 'ACTIVE',
    permissions: [...operatorRoles.operator_admin.permissions],
  });

  const operator = await as(admin);
  const operatorErrors = watchConsole(operator);
  await operator.goto(`${baseUrl()}/accounts/${accountId}`);
  await operator.getByRole('tab', { name: 'Notes' }).click();
  await operator.getByLabel('Add a note').fill('Meter replaced');
  await operator.getByRole('button', { name: 'Save note' }).click();
  await operator.getByText('Meter replaced').waitFor();
  expect(await operator.getByRole('tab', { name: 'Audit trail' }).count()).toBe(0);
  expect(operatorErrors).toEqual([]);

  // One sign-in (a one-time code is good once), both widths.
  const regulator = await as(reviewer);
  const errors = watchConsole(regulator);
  for (const viewport of [viewports.desktop, viewports.mobile]) {
    await regulator.setViewportSize(viewport);
    await regulator.goto(`${baseUrl()}/accounts/${accountId}`);
    await regulator.getByRole('tab', { name: 'Audit trail' }).click();
    const row = regulator.getByRole('row').filter({ hasText: 'Olu Operator added a note to the account' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Advanced user');
    await expect(row.textContent()).resolves.toMatch(/127\.0\.0\.1|::1/); // localhost: IPv4 or IPv6
    // Sentences with names and labels: no user id, no code.
    const table = (await regulator.getByRole('table').textContent()) ?? '';
    expect(table).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|[A-Z]{2,}_[A-Z]{2,}|operator_admin|→/);
    expect(await axeViolations(regulator)).toEqual([]);
    if (process.env.E2E_SHOTS)
      await regulator.screenshot({
        path: `${process.env.E2E_SHOTS}/audit-trail-${viewport.width}.png`,
        fullPage: true,
      });
    expect(errors).toEqual([]);
  }
}, 120_000);
