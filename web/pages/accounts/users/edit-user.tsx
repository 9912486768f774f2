// One user's role and status (POST /operator-authorities/account/{accountId} with that user only).
// Active and Disabled toggle; an Accepted user (invitation accepted) can only be activated. Their
// one-time code can be reset (PATCH …/reset-2fa): they set up a new one at their next sign-in; and
// their sign-in unlocked (PATCH …/unlock) after too many attempts.
import { useState } from 'react';
import * as v from 'valibot';
import { ActionLink, Button, ButtonGroup, InsetText, Radios } from '../../../components';
import { field, FormErrorSummary, useGovForm } from '../../../forms';
import { HttpError, apiPatch, apiPost } from '../../../lib/api';
import { useAnyRequestPending } from '../../../lib/pending';
import { useSession } from '../../../stores/session';
import { authorityStatuses, type AuthorityStatus } from '../../../../domain/authorities';
import { userMessages } from '../../../../domain/users';
import { roleCodes, roleItems, userName, usersPath, type OperatorAuthority } from './users-data';

const schema = v.object({
  roleCode: v.picklist(roleCodes, userMessages.roleCode),
  authorityStatus: v.picklist(authorityStatuses, userMessages.authorityStatus),
});
type UserChange = v.InferOutput<typeof schema>;

const statusChoices = (from: AuthorityStatus): { value: AuthorityStatus; text: string; hint?: string }[] =>
  from === 'ACCEPTED'
    ? [
        {
          value: 'ACCEPTED',
          text: 'Accepted',
          hint: 'They have accepted the invitation and are waiting to be activated',
        },
        { value: 'ACTIVE', text: 'Active', hint: 'Activate them: they can then use the account' },
      ]
    : [
        { value: 'ACTIVE', text: 'Active' },
        { value: 'DISABLED', text: 'Disabled', hint: 'They can no longer use the account' },
      ];

export function EditUser({
  accountId,
  user,
  onSaved,
  onCancel,
}: {
  accountId: number;
  user: OperatorAuthority & { userId: string };
  onSaved: () => void;
  onCancel: () => void;
}) {
  const form = useGovForm({
    schema,
    defaultValues: { roleCode: user.roleCode ?? undefined, authorityStatus: user.authorityStatus },
  });
  const pending = useAnyRequestPending();
  // Nobody resets their own code or unlocks their own sign-in as an administrator (the API refuses).
  const self = useSession((s) => s.userState?.userId) === user.userId;
  const [codeReset, setCodeReset] = useState(false);
  const [unlocked, setUnlocked] = useState(false);
  const userPath = `/v1.0/operator-users/account/${accountId}/${encodeURIComponent(user.userId)}` as const;
  const resetCode = async () => {
    await apiPatch(`${userPath}/reset-2fa`);
    setCodeReset(true);
  };
  const unlock = async () => {
    await apiPatch(`${userPath}/unlock`);
    setUnlocked(true);
  };
  const save = async (change: UserChange) => {
    try {
      await apiPost(usersPath(accountId), { accountOperatorAuthorityUpdateList: [{ userId: user.userId, ...change }] });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      // For example 'At least one operator admin should exist in account'.
      form.setError(err.body?.field === 'authorityStatus' ? 'authorityStatus' : 'roleCode', { message: err.message });
      return;
    }
    onSaved();
  };
  const name = userName(user);
  return (
    <>
      <FormErrorSummary form={form} />
      <h2 className="govuk-heading-m">Change {name}</h2>
      <p className="govuk-body">{user.email}</p>
      <form noValidate onSubmit={form.handleSubmit(save)}>
        <Radios
          {...field(form, 'roleCode')}
          legend="User type"
          legendClassName="govuk-fieldset__legend--s"
          items={roleItems}
        />
        <Radios
          {...field(form, 'authorityStatus')}
          legend="Account status"
          legendClassName="govuk-fieldset__legend--s"
          items={statusChoices(user.authorityStatus)}
        />
        <ButtonGroup>
          <Button pending={pending}>Save</Button>
          <ActionLink onClick={onCancel}>Cancel</ActionLink>
        </ButtonGroup>
      </form>
      {self ? (
        <p className="govuk-body">
          You cannot reset your own one-time code or unlock your own sign-in: ask another Advanced user.
        </p>
      ) : (
        <>
          <h3 className="govuk-heading-s">One-time code</h3>
          {codeReset ? (
            <InsetText>
              Their one-time code has been reset. They will set up a new one the next time they sign in.
            </InsetText>
          ) : (
            <>
              <p className="govuk-body">
                If they have lost the device with their authenticator app, reset their one-time code.
              </p>
              <Button type="button" variant="secondary" pending={pending} onClick={() => void resetCode()}>
                Reset one-time code
              </Button>
            </>
          )}
          <h3 className="govuk-heading-s">Sign-in</h3>
          {unlocked ? (
            <InsetText>Their sign-in has been unlocked. They can sign in again now.</InsetText>
          ) : (
            <>
              <p className="govuk-body">
                If they have been stopped from signing in after too many attempts, unlock their sign-in.
              </p>
              <Button type="button" variant="secondary" pending={pending} onClick={() => void unlock()}>
                Unlock sign-in
              </Button>
            </>
          )}
        </>
      )}
    </>
  );
}
