// Sign-up with contact details in a real browser: a new operator creates a sign-in, confirms it,
// gives their details ('Enter your details', with the real service's rules), checks their answers
// and creates their user account; once their organisation account is live and they are its primary
// contact, the notification's contact persons start from those details; they change them on 'Your
// details'. Every new page passes axe at 1280 and 375 px.
import { baseUrl, watchConsole } from '../test/browser';
import { e2eDb, latestEmail, linkIn } from '../test/e2e-people';
import { enterPassword, openSignIn } from '../test/e2e-session';
import { createAccount } from '../test/factories';
import { operatorRoles } from '../domain/authorities';
import { completeSection } from '../test/report-filler';
import { obligationOf } from '../test/compliance-mix';
import { notificationReport } from '../processes/notification-of-compliance/report';
import { expectAccessible, startButton, useBrowser } from '../test/e2e-browser';

jest.setTimeout(240_000);

const { newPage } = useBrowser();

it('signs up with contact details, checks them, and finds them in the notification’s contact persons', async () => {
  const person = { email: `nia.${Date.now()}@example.org`, password: 'Correct-Horse-Battery-9' };
  const page = await newPage();
  const errors = watchConsole(page);

  // The sign-in: names, e-mail and password, confirmed through the e-mailed link.
  await openSignIn(page);
  await page.getByRole('link', { name: 'Create a sign-in' }).click();
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Create a password').fill(person.password);
  await page.getByLabel('Confirm your password').fill(person.password);
  await page.getByRole('button', { name: 'Create sign-in' }).click();
  await page.getByText('If an account exists for this email address, we have sent a link').waitFor();
  await page.goto(linkIn(await latestEmail(person.email, 'Confirm your email address')));
  await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
  await openSignIn(page);
  await enterPassword(page, person);
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.waitForURL('**/terms');
  await page.getByLabel('I have read, understood and accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();

  // The user account: their details first.
  await page.waitForURL('**/registration/register');
  await page.getByRole('heading', { name: 'Enter your details' }).waitFor();
  expect(await page.getByLabel('First name').inputValue()).toBe('Nia');
  await page.getByText(person.email).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Enter an address' }).waitFor();
  await page.getByRole('link', { name: 'Enter your phone number' }).waitFor();
  expect(await page.title()).toMatch(/^Error: /);
  await expectAccessible(page);

  const phone1 = page.getByRole('group', { name: 'Phone number 1' });
  await page.getByLabel('Job title (optional)').fill('Energy manager');
  await page.getByLabel('Address line 1').fill('1 Mill Lane');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('County (optional)').fill('West Yorkshire');
  await page.getByLabel('Postcode').fill('LS1 1AA');
  await phone1.getByLabel('Number').fill('0113 496');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'The phone number is too short for your country code' }).waitFor();
  await phone1.getByLabel('Number').fill('0113 496 0000');
  const phone2 = page.getByRole('group', { name: 'Phone number 2 (optional)' });
  await phone2.getByLabel('Country code').selectOption('353');
  await phone2.getByLabel('Number').fill('1 555 0101');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Check your answers' }).waitFor();
  await page.getByText('+44 113 496 0000').waitFor();
  await page.getByText('+353 1 555 0101').waitFor();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Change job title' }).click();
  await page.getByLabel('Job title (optional)').fill('Head of energy');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Head of energy').waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { name: "You've successfully created a user account" }).waitFor();
  await page
    .getByText('You can now apply to create a new organisation account so you can start your ESOS reporting.')
    .waitFor();
  await expectAccessible(page);
  await latestEmail(person.email, 'Your user account has been created');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Welcome Nia Newcomer' }).waitFor();

  const db = e2eDb();
  const user = await db('users').where({ email: person.email }).first();
  expect(user).toMatchObject({
    registration_status: 'REGISTERED',
    job_title: 'Head of energy',
    phone_number: '+44 113 496 0000',
    mobile_number: '+353 1 555 0101',
    address: { line1: '1 Mill Lane', line2: null, city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1AA' },
  });

  // Their organisation account goes live with them as its Advanced user and primary contact (the
  // application's own journey is e2e/accounts.test.ts's).
  const account = await createAccount(db, { name: `Newcomer Widgets ${Date.now()}` });
  await db('authorities').insert({
    user_id: user.id,
    account_id: account.id,
    code: 'operator_admin',
    status: 'ACTIVE',
    permissions: [...operatorRoles.operator_admin.permissions],
  });
  await db('account_contacts').insert({ account_id: account.id, user_id: user.id, contact_type: 'PRIMARY' });

  // The notification's contact persons start from the details given at sign-up.
  await page.goto(`${baseUrl()}/accounts/${account.id}`);
  await startButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Submit Phase 3 notification' }).waitFor();
  // Contact persons are asked for once the organisation is known to qualify.
  await completeSection(page, notificationReport, 'reportingObligation', obligationOf.ZERO_ENERGY);
  await page.getByRole('link', { name: 'Contact persons', exact: true }).click();
  await page.getByRole('heading', { name: 'Primary contact details' }).waitFor();
  expect(await page.getByLabel('First name').inputValue()).toBe('Nia');
  expect(await page.getByLabel('Last name').inputValue()).toBe('Newcomer');
  expect(await page.getByLabel('Job title (optional)').inputValue()).toBe('Head of energy');
  expect(await page.getByLabel('Email address').inputValue()).toBe(person.email);
  expect(await page.getByLabel('Address line 1').inputValue()).toBe('1 Mill Lane');
  expect(await page.getByLabel('Postcode').inputValue()).toBe('LS1 1AA');
  const phone = page.getByRole('group', { name: 'Phone number', exact: true });
  expect(await phone.getByLabel('Country code').inputValue()).toBe('44');
  expect(await phone.getByLabel('Number').inputValue()).toBe('0113 496 0000');
  const mobile = page.getByRole('group', { name: 'Mobile number (optional)' });
  expect(await mobile.getByLabel('Country code').inputValue()).toBe('353');
  expect(await mobile.getByLabel('Number').inputValue()).toBe('1 555 0101');

  // 'Your details': the same fields, saved.
  await page.goto(`${baseUrl()}/user/details`);
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  expect(await page.getByLabel('Job title (optional)').inputValue()).toBe('Head of energy');
  await expectAccessible(page);
  await page.getByLabel('Town or city').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Enter a town or city' }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Town or city').fill('Bradford');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.pathname !== '/user/details');
  expect((await db('users').where({ id: user.id }).first('address')).address).toMatchObject({ city: 'Bradford' });
  expect(errors).toEqual([]);
});
