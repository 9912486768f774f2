// Removing a user from the account, after a confirmation (DELETE /operator-authorities/account/{accountId}/{userId}).
import { useEffect, useId, useState } from 'react';
import { ActionLink, Button, ButtonGroup, ErrorSummary } from '../../../components';
import { HttpError, apiDelete } from '../../../lib/api';
import { setFormErrors } from '../../../lib/page-title';
import { useAnyRequestPending } from '../../../lib/pending';
import { userName, usersPath, type OperatorAuthority } from './users-data';

export function RemoveUser({
  accountId,
  user,
  onRemoved,
  onCancel,
}: {
  accountId: number;
  user: OperatorAuthority & { userId: string };
  onRemoved: () => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const pending = useAnyRequestPending();
  const id = useId();
  useEffect(() => setFormErrors(id, error !== null), [id, error]);
  useEffect(() => () => setFormErrors(id, false), [id]);
  const remove = async () => {
    try {
      await apiDelete(`${usersPath(accountId)}/${encodeURIComponent(user.userId)}`);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      // For example 'At least one operator admin should exist in account'.
      setError(err.message);
      setAttempts((n) => n + 1);
      return;
    }
    onRemoved();
  };
  const name = userName(user);
  return (
    <>
      <ErrorSummary errors={error ? [{ path: 'remove-user', message: error }] : []} focusKey={attempts} />
      <h2 className="govuk-heading-m">Are you sure you want to remove {name} from this account?</h2>
      <p className="govuk-body">
        They will no longer be able to use this account. Its tasks assigned to them will be unassigned.
      </p>
      <ButtonGroup>
        <Button type="button" variant="warning" pending={pending} onClick={() => void remove()}>
          Yes, remove this user
        </Button>
        <ActionLink onClick={onCancel}>Cancel</ActionLink>
      </ButtonGroup>
    </>
  );
}
