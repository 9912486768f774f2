// Deleting a regulator user (/user/regulators/{userId}/delete; reference real-service-details §E):
// a confirmation, then DELETE /regulator-authorities/{userId} and a panel. Administrators only; the
// API refuses one's own account and the competent authority's last user manager, and the page says
// why. Their open tasks go to each account's site contact when eligible, else back to the pool.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Button, ButtonGroup, ErrorSummary, Panel, WarningText } from '../../components';
import { HttpError, apiDelete, apiGet } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { hasRegulatorPermission, useSession } from '../../stores/session';
import { regulatorName } from './regulators-data';

interface Loaded {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

export default function DeleteRegulatorPage() {
  const { userId } = useParams<{ userId: string }>();
  const manager = useSession((s) => hasRegulatorPermission(s, 'MANAGE_USERS_AND_CONTACTS', 'EXECUTE'));
  const me = useSession((s) => s.userState?.userId);
  const [user, setUser] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [deleted, setDeleted] = useState(false);
  const pending = useAnyRequestPending();
  const name = user ? regulatorName(user) : '';
  usePageTitle(deleted ? 'User account deleted' : user ? `Delete ${name}` : 'Delete a regulator user');

  useEffect(() => {
    let live = true;
    if (!manager) setFailed('You do not have permission to delete regulator users.');
    else if (userId === me) setFailed('You cannot delete your own user account.');
    else
      apiGet(`/v1.0/regulator-users/${encodeURIComponent(userId)}`)
        .then((u) => live && setUser(u))
        .catch(
          (err) =>
            live &&
            setFailed(
              err instanceof HttpError && err.status === 404
                ? 'This user is not one of your competent authority’s regulator users.'
                : 'The user could not be loaded. Try again later.',
            ),
        );
    return () => {
      live = false;
    };
  }, [userId, manager, me]);

  const confirm = async () => {
    try {
      await apiDelete(`/v1.0/regulator-authorities/${encodeURIComponent(userId)}`);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      setRefused(err.message.replace(/^[\w.]+: /, ''));
      setAttempts((n) => n + 1);
      return;
    }
    setDeleted(true);
  };

  const back = (
    <p className="govuk-body">
      <Link className="govuk-link" href="/user/regulators">
        Return to regulator users
      </Link>
    </p>
  );

  if (failed)
    return (
      <>
        <h1 className="govuk-heading-l">Delete a regulator user</h1>
        <p className="govuk-body">{failed}</p>
        {back}
      </>
    );
  if (!user)
    return (
      <p className="govuk-body" role="status">
        Loading…
      </p>
    );
  if (deleted)
    return (
      <>
        <Panel title={`The user account of ${name} has been deleted`} />
        {back}
      </>
    );
  return (
    <>
      {refused ? <ErrorSummary errors={[{ path: 'confirm-deletion', message: refused }]} focusKey={attempts} /> : null}
      <h1 className="govuk-heading-l">Confirm that the user account of {name} will be deleted</h1>
      <WarningText>You will not be able to undo this action.</WarningText>
      <p className="govuk-body">
        Their open tasks will be automatically given to each organisation’s regulator site contact, or unassigned where
        there is none. To choose who gets them, cancel and reassign their tasks first.
      </p>
      <ButtonGroup>
        <Button id="confirm-deletion" type="button" variant="warning" pending={pending} onClick={() => void confirm()}>
          Confirm deletion
        </Button>
        <Link className="govuk-link" href="/user/regulators">
          Cancel
        </Link>
      </ButtonGroup>
    </>
  );
}
