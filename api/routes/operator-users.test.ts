import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, signedInAgain, verifyTestToken } from '../../test/tokens';
import { createAccount, createUser, grantOperator, grantRegulator, type TestUser } from '../../test/factories';
import { hashToken } from '../auth/invitations';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
});
afterAll(() => api.close());

const send = async (method: string, path: string, body?: unknown, user?: TestUser) =>
  api.request(`/api/v1.0${path}`, {
    method,
    headers: {
      ...(user ? await bearer(user) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const outbox = (to: string) => api.deps.db('email_outbox').where({ to_address: to }).orderBy('id');
const tokenFrom = (text: string) => decodeURIComponent(/invitation\?token=([^\s"&]+)/.exec(text)![1]);

/** Details that pass every rule: names, a UK phone number and an address. */
const details = {
  firstName: 'Dee',
  lastName: 'Tails',
  jobTitle: null,
  phoneNumber: { countryCode: '44', number: '07700 900000' },
  mobileNumber: null,
  address: { line1: '1 Mill Lane', line2: null, city: 'Leeds', county: null, postcode: 'LS1 1AA' },
};

async function accountWithAdmin() {
  const account = await createAccount(api.deps.db, { name: `Acme ${Date.now()}` });
  const admin = await createUser(api.deps.db, { firstName: 'Ada', lastName: 'Admin' });
  await grantOperator(api.deps.db, admin, account, 'operator_admin');
  return { account, admin };
}

describe('inviting an operator user, accepting and activating', () => {
  it('takes the invitee from PENDING to ACCEPTED to ACTIVE, with the e-mails of each step', async () => {
    const { account, admin } = await accountWithAdmin();
    const email = `invitee-${Date.now()}@example.test`;

    const invited = await send(
      'POST',
      `/operator-users/invite/account/${account.id}`,
      { email: email.toUpperCase(), firstName: 'Ivy', lastName: 'Invitee', roleCode: 'operator' },
      admin,
    );
    expect(invited.status).toBe(204);
    const [invitation] = await outbox(email);
    expect(invitation).toMatchObject({
      template: 'InvitationToOperatorAccount',
      subject: `You have been invited to ${account.name}`,
    });
    expect(invitation.body_text).toContain('Restricted user');
    const token = tokenFrom(invitation.body_text);
    const pending = await api.deps.db('authorities').where({ account_id: account.id, invited_email: email }).first();
    expect(pending).toMatchObject({ status: 'PENDING', user_id: null, invitation_token_hash: hashToken(token) });
    expect(JSON.stringify(pending)).not.toContain(token);

    const list = await send('GET', `/operator-authorities/account/${account.id}`, undefined, admin);
    expect(list.body.authorities).toContainEqual(
      expect.objectContaining({
        email,
        firstName: 'Ivy',
        lastName: 'Invitee',
        roleCode: 'operator',
        roleName: 'Restricted user',
        authorityStatus: 'PENDING',
      }),
    );
    expect(list.body.editable).toBe(true);

    expect((await send('POST', '/users/token/resolve-email', { token, type: 'OPERATOR_INVITATION' })).body).toEqual({
      email,
      hasSignIn: false,
    });

    // The invitee signs in (their first call creates their user), then the SPA accepts without a token.
    const invitee = { id: `invitee-${Date.now()}`, email, firstName: 'Ivy', lastName: 'Invitee' };
    expect((await send('GET', '/users', undefined, invitee)).status).toBe(200);
    const accepted = await send('POST', '/operator-users/registration/accept-invitation', { token });
    expect(accepted).toMatchObject({ status: 200, body: { accountName: account.name } });
    expect((await send('GET', '/authorities/current-user-state', undefined, invitee)).body).toEqual({
      userId: invitee.id,
      roleType: 'OPERATOR',
      status: 'ACCEPTED',
    });
    expect((await outbox(email)).map((m) => m.template)).toEqual([
      'InvitationToOperatorAccount',
      'InviteeInvitationAccepted',
    ]);
    expect((await outbox(admin.email)).map((m) => m.template)).toEqual(['InviterInvitationAccepted']);

    const again = await send('POST', '/operator-users/registration/accept-invitation', { token });
    expect(again).toMatchObject({ status: 400, body: { code: 'TOKEN1001', message: 'Invalid Token' } });
    expect((await send('POST', '/users/token/resolve-email', { token })).status).toBe(400);

    const activate = await send(
      'POST',
      `/operator-authorities/account/${account.id}`,
      { accountOperatorAuthorityUpdateList: [{ userId: invitee.id, roleCode: 'operator', authorityStatus: 'ACTIVE' }] },
      admin,
    );
    expect(activate.status).toBe(204);
    expect((await outbox(email)).map((m) => m.template)).toContain('UserAccountActivation');
    expect((await send('GET', '/authorities/current-user-state', undefined, invitee)).body.status).toBe('ENABLED');

    const held = await bearer(invitee); // issued before the disabling
    const disable = await send(
      'POST',
      `/operator-authorities/account/${account.id}`,
      {
        accountOperatorAuthorityUpdateList: [{ userId: invitee.id, roleCode: 'operator', authorityStatus: 'DISABLED' }],
      },
      admin,
    );
    expect(disable.status).toBe(204);
    // Disabling ends the invitee's sign-ins: the token they hold is refused at once.
    expect((await api.request('/api/v1.0/terms', { headers: held })).status).toBe(401);
    // Signed in again, they may still use the service but are told they are disabled.
    const newToken = await signedInAgain(invitee);
    expect((await api.request('/api/v1.0/authorities/current-user-state', { headers: newToken })).body.status).toBe(
      'DISABLED',
    );
    expect((await api.request('/api/v1.0/terms', { headers: newToken })).status).toBe(200);
    expect(
      (await api.request(`/api/v1.0/operator-authorities/account/${account.id}`, { headers: newToken })).status,
    ).toBe(403);
  });

  it('refuses an expired invitation, and an invitation accepted by someone signed in with another e-mail', async () => {
    const { account, admin } = await accountWithAdmin();
    const email = `late-${Date.now()}@example.test`;
    await send(
      'POST',
      `/operator-users/invite/account/${account.id}`,
      { email, firstName: 'Lee', lastName: 'Late', roleCode: 'operator_admin' },
      admin,
    );
    const token = tokenFrom((await outbox(email))[0].body_text);

    const stranger = await createUser(api.deps.db);
    const wrong = await send('POST', '/operator-users/registration/accept-invitation', { token }, stranger);
    expect(wrong).toMatchObject({ status: 400, body: { code: 'TOKEN1002' } });

    await api.deps
      .db('authorities')
      .where({ invitation_token_hash: hashToken(token) })
      .update({ invitation_expires_at: new Date(Date.now() - 1000) });
    const expired = await send('POST', '/operator-users/registration/accept-invitation', { token });
    expect(expired).toMatchObject({
      status: 400,
      body: { code: 'EMAIL1001', message: 'The verification link has expired' },
    });
  });

  it('accepts and registers in one call, completing the profile', async () => {
    const { account, admin } = await accountWithAdmin();
    const invitee = await createUser(api.deps.db, { registrationStatus: 'PENDING', firstName: '', lastName: '' });
    await send(
      'POST',
      `/operator-users/invite/account/${account.id}`,
      { email: invitee.email, firstName: 'Rae', lastName: 'Register', roleCode: 'operator' },
      admin,
    );
    const token = tokenFrom((await outbox(invitee.email))[0].body_text);
    const res = await send('POST', '/operator-users/registration/accept-invitation-and-register', {
      invitationTokenDTO: { token },
      operatorUserRegistrationDTO: {
        firstName: 'Rae',
        lastName: 'Register',
        phoneNumber: { countryCode: '44', number: '020 7946 0000' },
        jobTitle: 'Energy manager',
        address: { line1: '1 High Street', city: 'York', postcode: 'YO1 1AA' },
      },
    });
    expect(res).toMatchObject({ status: 200, body: { accountName: account.name } });
    const me = await send('GET', '/users', undefined, invitee);
    expect(me.body).toMatchObject({
      firstName: 'Rae',
      lastName: 'Register',
      jobTitle: 'Energy manager',
      phoneNumber: '+44 20 7946 0000',
      address: { line1: '1 High Street', city: 'York', postcode: 'YO1 1AA' },
      status: 'REGISTERED',
    });
  });

  it('answers 400 with field messages for a bad invitation, and refuses inviting into an account awaiting approval', async () => {
    const { account, admin } = await accountWithAdmin();
    const bad = await send(
      'POST',
      `/operator-users/invite/account/${account.id}`,
      { email: 'not-an-email', firstName: ' ', lastName: 'X', roleCode: 'boss' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Enter a valid email' },
        { field: 'firstName', message: 'Enter your first name' },
        { field: 'roleCode', message: 'Select a user type' },
      ]),
    );
    const awaiting = await createAccount(api.deps.db, { status: 'AWAITING_APPROVAL' });
    await grantOperator(api.deps.db, admin, awaiting, 'operator_admin');
    const refused = await send(
      'POST',
      `/operator-users/invite/account/${awaiting.id}`,
      { email: 'x@example.test', firstName: 'X', lastName: 'Y', roleCode: 'operator' },
      admin,
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'ACCOUNT1009' } });
  });
});

describe('the last operator admin', () => {
  it('cannot be demoted, disabled, removed or leave, while another admin can be removed', async () => {
    const { account, admin } = await accountWithAdmin();
    const message = 'At least one operator admin should exist in account';
    for (const change of [
      { userId: admin.id, roleCode: 'operator', authorityStatus: 'ACTIVE' },
      { userId: admin.id, roleCode: 'operator_admin', authorityStatus: 'DISABLED' },
    ]) {
      const res = await send(
        'POST',
        `/operator-authorities/account/${account.id}`,
        { accountOperatorAuthorityUpdateList: [change] },
        admin,
      );
      expect(res).toMatchObject({ status: 400, body: { code: 'AUTHORITY1001', message } });
    }
    expect(
      (await send('DELETE', `/operator-authorities/account/${account.id}/${admin.id}`, undefined, admin)).body.message,
    ).toBe(message);
    expect((await send('DELETE', `/operator-authorities/account/${account.id}`, undefined, admin)).body.message).toBe(
      message,
    );

    const second = await createUser(api.deps.db);
    await grantOperator(api.deps.db, second, account, 'operator_admin');
    expect((await send('DELETE', `/operator-authorities/account/${account.id}`, undefined, admin)).status).toBe(204);
    expect((await send('GET', `/operator-authorities/account/${account.id}`, undefined, admin)).status).toBe(403);
    const remaining = await send('GET', `/operator-authorities/account/${account.id}`, undefined, second);
    expect(remaining.body.authorities.map((a: { userId: string }) => a.userId)).toEqual([second.id]);
  });

  it('refuses a status an accepted user cannot move to', async () => {
    const { account, admin } = await accountWithAdmin();
    const accepted = await createUser(api.deps.db);
    await grantOperator(api.deps.db, accepted, account, 'operator', 'ACCEPTED');
    const res = await send(
      'POST',
      `/operator-authorities/account/${account.id}`,
      {
        accountOperatorAuthorityUpdateList: [
          { userId: accepted.id, roleCode: 'operator', authorityStatus: 'DISABLED' },
        ],
      },
      admin,
    );
    expect(res).toMatchObject({ status: 400, body: { code: 'AUTHORITY1008' } });
  });
});

describe('operator profile and registration', () => {
  it('registers a new operator once, with the confirmation e-mail', async () => {
    const user = await createUser(api.deps.db, { registrationStatus: 'PENDING' });
    const profile = {
      firstName: 'Nina',
      lastName: 'New',
      phoneNumber: { countryCode: '44', number: '01234 567890' },
      address: { line1: '2 Low Road', city: 'Leeds', postcode: 'LS1 1AA' },
    };
    const res = await send('POST', '/operator-users/registration/register', profile, user);
    expect(res).toMatchObject({
      status: 200,
      body: {
        firstName: 'Nina',
        status: 'REGISTERED',
        phoneNumber: { countryCode: '44', number: '01234 567890' },
        mobileNumber: null,
        address: { line1: '2 Low Road', city: 'Leeds', postcode: 'LS1 1AA' },
      },
    });
    // Kept as it is dialled from abroad, for the lists and reports that show it.
    expect(await api.deps.db('users').where({ id: user.id }).first('phone_number')).toEqual({
      phone_number: '+44 1234 567890',
    });
    expect((await outbox(user.email)).map((m) => m.template)).toEqual(['UserAccountCreated']);
    expect((await send('POST', '/operator-users/registration/register', profile, user)).body.code).toBe('USER1001');
  });

  it('lets an administrator read and correct a user of their account, and reset their 2FA', async () => {
    const { account, admin } = await accountWithAdmin();
    const colleague = await createUser(api.deps.db);
    await grantOperator(api.deps.db, colleague, account, 'operator');
    const path = `/operator-users/account/${account.id}/${colleague.id}`;
    expect((await send('GET', path, undefined, admin)).body).toMatchObject({
      id: colleague.id,
      email: colleague.email,
    });
    const patched = await send('PATCH', path, { ...details, firstName: 'Cora', lastName: 'Colleague' }, admin);
    expect(patched).toMatchObject({
      status: 200,
      body: { firstName: 'Cora', phoneNumber: { countryCode: '44', number: '07700 900000' } },
    });
    const badPhone = await send(
      'PATCH',
      path,
      { ...details, phoneNumber: { countryCode: '44', number: 'call me' } },
      admin,
    );
    expect(badPhone).toMatchObject({ status: 400 });
    expect(badPhone.body).toMatchObject({
      field: 'phoneNumber',
      message: 'phoneNumber: The phone number contains invalid characters',
    });
    expect((await send('PATCH', `${path}/reset-2fa`, undefined, admin)).status).toBe(204);
    expect((await outbox(colleague.email)).map((m) => m.template)).toEqual(['Reset2FaConfirmation']);
    // A user of another account is not found, even for an administrator.
    const elsewhere = await createUser(api.deps.db);
    expect((await send('GET', `/operator-users/account/${account.id}/${elsewhere.id}`, undefined, admin)).status).toBe(
      404,
    );
  });
});

describe('an operator’s own details', () => {
  it('are changed by the operator, who gets their profile back; a bad phone number is refused by field', async () => {
    const { admin } = await accountWithAdmin();
    const changed = await send(
      'PATCH',
      '/operator-users/operator',
      { ...details, firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Energy manager' },
      admin,
    );
    expect(changed).toMatchObject({
      status: 200,
      body: {
        id: admin.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        jobTitle: 'Energy manager',
        phoneNumber: { countryCode: '44', number: '07700 900000' },
      },
    });
    expect((await send('GET', '/users', undefined, admin)).body).toMatchObject({
      lastName: 'Lovelace',
      jobTitle: 'Energy manager',
    });
    const refused = await send(
      'PATCH',
      '/operator-users/operator',
      { ...details, phoneNumber: { countryCode: '44', number: '0770' } },
      admin,
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { field: 'phoneNumber', message: 'phoneNumber: The phone number is too short for your country code' },
    });
  });
});

describe('contact details: the real service’s rules, on the server', () => {
  const fieldsOf = (body: { fields?: { field: string; message: string }[] }) => body.fields ?? [];

  it('refuses a sign-up without its required details, naming each field with the real service’s words', async () => {
    const user = await createUser(api.deps.db, { registrationStatus: 'PENDING' });
    const res = await send('POST', '/operator-users/registration/register', { firstName: ' ' }, user);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'Enter your first name' },
        { field: 'lastName', message: 'Enter your last name' },
        { field: 'phoneNumber', message: 'Enter your phone number' },
        { field: 'address', message: 'Enter an address' },
      ]),
    );
    const blankAddress = await send(
      'POST',
      '/operator-users/registration/register',
      { ...details, address: { line1: '', city: ' ', postcode: '' } },
      user,
    );
    expect(fieldsOf(blankAddress.body)).toEqual([
      { field: 'address.line1', message: 'Enter an address' },
      { field: 'address.city', message: 'Enter a town or city' },
      { field: 'address.postcode', message: 'Enter a postcode' },
    ]);
    // Nothing was kept: the user still has to register.
    expect(await api.deps.db('users').where({ id: user.id }).first('registration_status')).toEqual({
      registration_status: 'PENDING',
    });
  });

  it('refuses text over its limit, and each kind of bad phone number, with its own message', async () => {
    const user = await createUser(api.deps.db, { registrationStatus: 'PENDING' });
    const long = 'x'.repeat(256);
    const tooLong = await send(
      'POST',
      '/operator-users/registration/register',
      {
        ...details,
        firstName: long,
        lastName: long,
        jobTitle: long,
        address: { line1: long, line2: long, city: long, county: long, postcode: 'P'.repeat(65) },
      },
      user,
    );
    expect(fieldsOf(tooLong.body)).toEqual([
      { field: 'firstName', message: 'Your first name should not be larger than 255 characters' },
      { field: 'lastName', message: 'Your last name should not be larger than 255 characters' },
      { field: 'jobTitle', message: 'Your job title should not be larger than 255 characters' },
      { field: 'address.line1', message: 'The address should not be more than 255 characters' },
      { field: 'address.line2', message: 'The address should not be more than 255 characters' },
      { field: 'address.city', message: 'The city should not be more than 255 characters' },
      { field: 'address.county', message: 'The county should not be more than 255 characters' },
      { field: 'address.postcode', message: 'The postcode should not be more than 64 characters' },
    ]);
    const phone = async (phoneNumber: unknown, mobileNumber: unknown = null) =>
      fieldsOf(
        (await send('POST', '/operator-users/registration/register', { ...details, phoneNumber, mobileNumber }, user))
          .body,
      );
    expect(await phone({ countryCode: '44', number: '' })).toEqual([
      { field: 'phoneNumber', message: 'Enter your phone number' },
    ]);
    expect(await phone({ countryCode: '', number: '020 7946 0000' })).toEqual([
      { field: 'phoneNumber', message: 'Enter both country code and number' },
    ]);
    expect(await phone({ countryCode: '44', number: '+44 20 7946 0000' })).toEqual([
      { field: 'phoneNumber', message: 'The phone number contains invalid characters' },
    ]);
    expect(await phone({ countryCode: '44', number: '020 7946 00000' })).toEqual([
      { field: 'phoneNumber', message: 'The phone number is too long for your country code' },
    ]);
    expect(await phone({ countryCode: '0', number: '020 7946 0000' })).toEqual([
      { field: 'phoneNumber', message: 'Your phone number is not valid' },
    ]);
    expect(await phone({ countryCode: '44', number: '9'.repeat(256) })).toEqual([
      { field: 'phoneNumber', message: 'Your phone number should not be larger than 255 characters' },
    ]);
    expect(await phone('020 7946 0000')).toEqual([
      { field: 'phoneNumber', message: 'Enter the phone number as its countryCode and number' },
    ]);
    // Phone number 2 is optional (its code alone is no number), but a number without its code is not.
    expect(await phone(details.phoneNumber, { countryCode: '', number: '1 555 0101' })).toEqual([
      { field: 'mobileNumber', message: 'Enter both country code and number' },
    ]);
    // Another country's number: its own code, and up to 15 digits with it.
    const ok = await send(
      'POST',
      '/operator-users/registration/register',
      { ...details, mobileNumber: { countryCode: '353', number: '1 555 0101' } },
      user,
    );
    expect(ok).toMatchObject({ status: 200, body: { mobileNumber: { countryCode: '353', number: '1 555 0101' } } });
  });

  it('refuses to change someone’s details to whoever may not manage their account’s users', async () => {
    const { account, admin } = await accountWithAdmin();
    const colleague = await createUser(api.deps.db);
    await grantOperator(api.deps.db, colleague, account, 'operator');
    const path = `/operator-users/account/${account.id}/${colleague.id}`;
    const adminPath = `/operator-users/account/${account.id}/${admin.id}`;
    const before = await api.deps.db('users').where({ id: admin.id }).first('first_name');

    // A restricted user may change their own details, not the administrator's.
    expect((await send('PATCH', adminPath, details, colleague)).status).toBe(403);
    expect((await send('GET', adminPath, undefined, colleague)).status).toBe(403);
    expect((await send('PATCH', '/operator-users/operator', details, colleague)).status).toBe(200);

    // Another account's administrator may not, by either account's address (an operator is not told
    // that an account not theirs exists).
    const other = await accountWithAdmin();
    expect((await send('PATCH', path, details, other.admin)).status).toBe(404);
    expect(
      (await send('PATCH', `/operator-users/account/${other.account.id}/${colleague.id}`, details, other.admin)).status,
    ).toBe(404);

    // A regulator of another nation may not (the account is not theirs to see); one of the
    // account's without 'Manage participant users' may not; one with it may.
    const wales = await createUser(api.deps.db);
    await grantRegulator(api.deps.db, wales, 'WALES');
    expect((await send('PATCH', path, details, wales)).status).toBe(404);
    const england = await createUser(api.deps.db);
    await grantRegulator(api.deps.db, england, 'ENGLAND', ['PERM_TASK_ASSIGNMENT']);
    expect((await send('PATCH', path, details, england)).status).toBe(403);
    const manager = await createUser(api.deps.db);
    await grantRegulator(api.deps.db, manager, 'ENGLAND');
    expect(
      await send('PATCH', path, { ...details, firstName: 'Fixed', lastName: 'ByRegulator' }, manager),
    ).toMatchObject({ status: 200, body: { firstName: 'Fixed' } });

    // A disabled administrator may not either; nobody's details changed by the refusals.
    const disabled = await createUser(api.deps.db);
    await grantOperator(api.deps.db, disabled, account, 'operator_admin', 'DISABLED');
    expect((await send('PATCH', path, details, disabled)).status).toBe(403);
    expect(await api.deps.db('users').where({ id: admin.id }).first('first_name')).toEqual(before);
    // Own details need a sign-in; regulators keep theirs elsewhere.
    expect((await send('PATCH', '/operator-users/operator', details)).status).toBe(401);
    expect((await send('PATCH', '/operator-users/operator', details, manager)).status).toBe(403);
  });
});

describe('an administrator’s own sign-in', () => {
  it('cannot have its one-time code reset or be unlocked through the administrator routes; a colleague’s can', async () => {
    const { account, admin } = await accountWithAdmin();
    const colleague = await createUser(api.deps.db);
    await grantOperator(api.deps.db, colleague, account, 'operator');
    const own = `/operator-users/account/${account.id}/${admin.id}`;
    const refusal = (what: string) => ({
      status: 400,
      body: { code: 'AUTHORITY_SELF', message: `You cannot change your own ${what}`, field: 'userId' },
    });
    expect(await send('PATCH', `${own}/reset-2fa`, undefined, admin)).toMatchObject(refusal('one-time code'));
    expect(await send('PATCH', `${own}/unlock`, undefined, admin)).toMatchObject(refusal('sign-in lock'));
    // Nothing was done: no reset stamped, no e-mail.
    expect(
      (await api.deps.db('users').where({ id: admin.id }).first('two_factor_reset_at')).two_factor_reset_at,
    ).toBeNull();
    expect(await outbox(admin.email)).toHaveLength(0);
    const theirs = `/operator-users/account/${account.id}/${colleague.id}`;
    expect((await send('PATCH', `${theirs}/reset-2fa`, undefined, admin)).status).toBe(204);
    expect((await send('PATCH', `${theirs}/unlock`, undefined, admin)).status).toBe(204);
  });
});
