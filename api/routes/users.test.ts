import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, mintToken, verifyTestToken } from '../../test/tokens';
import { createUser } from '../../test/factories';
import { feedbackMessages } from '../../domain/feedback';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
});
afterAll(() => api.close());

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const goodFeedback = {
  userRegistrationRate: 'SATISFIED',
  onlineGuidanceRate: 'NOT_APPLICABLE_NOT_USED_YET',
  creatingAccountRate: 'VERY_SATISFIED',
  onBoardingRate: 'DISSATISFIED',
  tasksRate: 'NEITHER_SATISFIED_NOR_DISSATISFIED',
  satisfactionRate: 'VERY_DISSATISFIED',
  tasksRateReason: '  Too many clicks  ',
};

describe('current user', () => {
  it('creates the user from the token on the first call and answers with the profile', async () => {
    const who = {
      id: 'new-subject-' + Date.now(),
      email: `First.Call${Date.now()}@Example.test`,
      firstName: 'Fiona',
      lastName: 'First',
    };
    const res = await api.request('/api/v1.0/users', { headers: await bearer(who) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: who.id,
      email: who.email.toLowerCase(),
      firstName: 'Fiona',
      lastName: 'First',
      jobTitle: null,
      phoneNumber: null,
      termsVersion: null,
    });
  });

  it('creates the user once when their first calls arrive at the same moment, and answers each', async () => {
    for (let round = 0; round < 60; round++) {
      const who = {
        id: `at-once-${Date.now()}-${round}`,
        email: `at.once.${Date.now()}.${round}@example.test`,
        firstName: 'Ada',
        lastName: 'Once',
      };
      const headers = await bearer(who);
      const answers = await Promise.all(Array.from({ length: 8 }, () => api.request('/api/v1.0/users', { headers })));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(await api.deps.db('users').where({ id: who.id }).count({ n: '*' })).toEqual([{ n: '1' }]);
    }
  });

  it('refuses with 409, not a failure, a first sign-in whose e-mail another user already has', async () => {
    const existing = await createUser(api.deps.db);
    const res = await api.request('/api/v1.0/users', {
      headers: await bearer({
        id: `other-subject-${Date.now()}`,
        email: existing.email.toUpperCase(),
        firstName: 'Eve',
        lastName: 'Else',
      }),
    });
    expect(res).toMatchObject({
      status: 409,
      body: {
        code: 'USER_EMAIL_IN_USE',
        message: 'Your email address is used by another sign-in. Contact the service desk',
      },
    });
  });

  it('refuses an expired token, a token for another audience and no token with 401', async () => {
    const user = await createUser(api.deps.db);
    const cases: Record<string, string>[] = [
      { authorization: `Bearer ${await mintToken(user, { expiresIn: '-1m' })}` },
      { authorization: `Bearer ${await mintToken(user, { audience: 'someone-else' })}` },
      {},
    ];
    for (const headers of cases) {
      expect((await api.request('/api/v1.0/users', { headers })).status).toBe(401);
    }
  });
});

describe('terms and conditions', () => {
  it('GET /terms gives the latest version and PATCH records the version the user accepted', async () => {
    const user = await createUser(api.deps.db);
    const headers = await bearer(user);
    const terms = await api.request('/api/v1.0/terms', { headers });
    expect(terms.status).toBe(200);
    expect(terms.body).toEqual({ version: expect.any(Number), url: expect.any(String) });
    const patched = await api.request(
      '/api/v1.0/users/terms-and-conditions',
      json('PATCH', { version: terms.body.version }, headers),
    );
    expect(patched.status).toBe(204);
    expect((await api.request('/api/v1.0/users', { headers })).body.termsVersion).toBe(terms.body.version);
  });

  it('refuses every action with 403 TERMS_NOT_ACCEPTED until the latest terms are accepted, but not the reads the terms page and sign-in need', async () => {
    const user = await createUser(api.deps.db, { termsVersion: null });
    const headers = await bearer(user);
    const action = () =>
      api.request(
        '/api/v1.0/operator-users/operator',
        json('PATCH', { firstName: 'Tess', lastName: 'Terms' }, headers),
      );
    expect(await action()).toMatchObject({
      status: 403,
      body: { code: 'TERMS_NOT_ACCEPTED', message: 'Accept the terms and conditions before you use the service' },
    });
    expect(
      (await api.request('/api/v1.0/tasks-assignment/assign', json('POST', { taskId: 1, userId: user.id }, headers)))
        .body.code,
    ).toBe('TERMS_NOT_ACCEPTED');
    for (const read of ['/api/v1.0/users', '/api/v1.0/terms', '/api/v1.0/authorities/current-user-state']) {
      expect((await api.request(read, { headers })).status).toBe(200);
    }
    // Feedback can be given before.
    expect((await api.request('/api/v1.0/users/feedback', json('POST', goodFeedback, headers))).status).toBe(204);

    const { version } = (await api.request('/api/v1.0/terms', { headers })).body;
    expect(
      (await api.request('/api/v1.0/users/terms-and-conditions', json('PATCH', { version }, headers))).status,
    ).toBe(204);
    expect((await action()).body.code).not.toBe('TERMS_NOT_ACCEPTED');
  });

  it('refuses a missing, non-integer or unknown version with 400', async () => {
    const headers = await bearer(await createUser(api.deps.db));
    for (const body of [{}, { version: 1.5 }, { version: 'one' }, { version: 999 }]) {
      const res = await api.request('/api/v1.0/users/terms-and-conditions', json('PATCH', body, headers));
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('version');
    }
  });
});

describe('feedback', () => {
  it('stores valid feedback with trimmed reasons', async () => {
    const user = await createUser(api.deps.db);
    const res = await api.request('/api/v1.0/users/feedback', json('POST', goodFeedback, await bearer(user)));
    expect(res.status).toBe(204);
    const row = await api.deps.db('user_feedback').where({ user_id: user.id }).first();
    expect(row.payload).toMatchObject({
      tasksRate: 'NEITHER_SATISFIED_NOR_DISSATISFIED',
      tasksRateReason: 'Too many clicks',
    });
  });

  it('answers 400 with the six messages of the spec when no rating is given', async () => {
    const res = await api.request(
      '/api/v1.0/users/feedback',
      json('POST', {}, await bearer(await createUser(api.deps.db))),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { message: string }) => f.message).sort()).toEqual(
      Object.values(feedbackMessages).sort(),
    );
  });

  it('refuses "not applicable" for the first and last rating, and reasons over 1200 characters', async () => {
    const headers = await bearer(await createUser(api.deps.db));
    const na = await api.request(
      '/api/v1.0/users/feedback',
      json('POST', { ...goodFeedback, satisfactionRate: 'NOT_APPLICABLE_NOT_USED_YET' }, headers),
    );
    expect(na.status).toBe(400);
    expect(na.body).toMatchObject({
      field: 'satisfactionRate',
      message: `satisfactionRate: ${feedbackMessages.satisfactionRate}`,
    });
    const long = await api.request(
      '/api/v1.0/users/feedback',
      json('POST', { ...goodFeedback, improvementSuggestion: 'x'.repeat(1201) }, headers),
    );
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('improvementSuggestion');
    const exact = await api.request(
      '/api/v1.0/users/feedback',
      json('POST', { ...goodFeedback, improvementSuggestion: 'x'.repeat(1200) }, headers),
    );
    expect(exact.status).toBe(204);
  });

  it('e-mails each response to every USER_FEEDBACK_RECIPIENTS address through the outbox', async () => {
    const recipients = [`team-a-${Date.now()}@example.test`, `team-b-${Date.now()}@example.test`];
    const saved = api.deps.config.userFeedbackRecipients;
    api.deps.config.userFeedbackRecipients = recipients;
    try {
      const user = await createUser(api.deps.db);
      const res = await api.request('/api/v1.0/users/feedback', json('POST', goodFeedback, await bearer(user)));
      expect(res.status).toBe(204);
      const mails = await api.deps.db('email_outbox').whereIn('to_address', recipients).orderBy('to_address');
      expect(mails.map((m) => m.to_address)).toEqual(recipients);
      expect(mails[0]).toMatchObject({
        template: 'UserFeedbackForService',
        subject: 'New feedback received for the Manage your ESOS reporting service',
      });
      expect(mails[0].body_text).toContain(
        'How satisfied are you with viewing, searching and responding to tasks? Neither satisfied or dissatisfied',
      );
      expect(mails[0].body_text).toContain('Why did you give this rating? Too many clicks');
      expect(mails[0].body_text).toContain('Not provided');
      expect(mails[0].body_text).toMatch(/Sent: \d{2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}/);
    } finally {
      api.deps.config.userFeedbackRecipients = saved;
    }
  });

  it('answers 400 for text with a NUL or a lone surrogate, and sends nothing', async () => {
    const user = await createUser(api.deps.db);
    const headers = await bearer(user);
    for (const bad of ['a\\u0000b', 'a\\ud800b']) {
      const res = await api.request('/api/v1.0/users/feedback', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...goodFeedback, improvementSuggestion: 'PLACEHOLDER' }).replace('PLACEHOLDER', bad),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
    expect(await api.deps.db('user_feedback').where({ user_id: user.id })).toEqual([]);
  });

  it('refuses feedback without a token', async () => {
    expect((await api.request('/api/v1.0/users/feedback', json('POST', goodFeedback))).status).toBe(401);
  });
});
