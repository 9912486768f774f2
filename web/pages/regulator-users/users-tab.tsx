// The regulators of the competent authority, sortable by name, job title, status and last sign-in.
// Administrators change statuses here (activate an Accepted user, disable or enable one), never
// their own, and open a user to change their details and permissions.
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button, ErrorSummary, ScrollableTable, SortableTable, Tag, type TableColumn } from '../../components';
import { HttpError, apiPost } from '../../lib/api';
import { useAnyRequestPending } from '../../lib/pending';
import { useSession } from '../../stores/session';
import { regulatorStatusChoices, type AuthorityStatus } from '../../../domain/authorities';
import {
  lastSignInText,
  regulatorName,
  statusColours,
  statusLabels,
  type RegulatorUser,
  type RegulatorUsers,
} from './regulators-data';

interface Row {
  key: string;
  name: string;
  jobTitle: string;
  status: string;
  lastSignIn: string;
  user: RegulatorUser;
}

const columns: TableColumn<Row>[] = [
  { header: 'Name', field: 'name', isSortable: true },
  { header: 'Job title', field: 'jobTitle', isSortable: true },
  { header: 'Status', field: 'status', isSortable: true },
  { header: 'Last sign-in', field: 'lastSignIn', isSortable: true },
];
// Administrators also see a Delete link on every row but their own (reference §E), under the name.

export function UsersTab({ data, onSaved }: { data: RegulatorUsers; onSaved: (message: string) => void }) {
  const me = useSession((s) => s.userState?.userId);
  const pending = useAnyRequestPending();
  const [changes, setChanges] = useState<Record<string, AuthorityStatus>>({});
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const rows = useMemo<Row[]>(
    () =>
      data.caUsers.map((u) => ({
        key: u.userId ?? u.email,
        name: regulatorName(u),
        jobTitle: u.jobTitle ?? '',
        status: statusLabels[u.authorityStatus],
        // ISO text sorts by time; the cell shows it readably.
        lastSignIn: u.lastSignIn ?? '',
        user: u,
      })),
    [data],
  );
  const mayChange = (u: RegulatorUser) =>
    data.editable && u.userId !== null && u.userId !== me && regulatorStatusChoices(u.authorityStatus).length > 1;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const updates = Object.entries(changes)
      .filter(([userId, status]) => data.caUsers.find((u) => u.userId === userId)?.authorityStatus !== status)
      .map(([userId, authorityStatus]) => ({ userId, authorityStatus }));
    if (updates.length === 0) return;
    try {
      await apiPost('/v1.0/regulator-authorities', updates);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      setError(err.message);
      setAttempts((n) => n + 1);
      return;
    }
    setError(null);
    setChanges({});
    onSaved('The statuses have been updated');
  };

  const cell = (row: Row, column: TableColumn<Row>) => {
    const u = row.user;
    switch (column.field) {
      case 'name':
        return u.userId && (data.editable || u.userId === me) ? (
          <>
            <Link className="govuk-link" href={`/user/regulators/${encodeURIComponent(u.userId)}`}>
              {row.name}
            </Link>
            {/* Under the name, not a column of its own: the table then fits a phone's width. */}
            {data.editable && u.userId !== me ? (
              <>
                <br />
                <Link
                  className="govuk-link govuk-body-s"
                  href={`/user/regulators/${encodeURIComponent(u.userId)}/delete`}
                >
                  Delete<span className="govuk-visually-hidden"> {row.name}</span>
                </Link>
              </>
            ) : null}
          </>
        ) : (
          row.name
        );
      case 'status': {
        if (!mayChange(u)) return <Tag colour={statusColours[u.authorityStatus]}>{row.status}</Tag>;
        const id = `status-${u.userId}`;
        return (
          <>
            <label className="govuk-visually-hidden" htmlFor={id}>
              Status of {row.name}
            </label>
            <select
              id={id}
              className="govuk-select"
              value={changes[u.userId!] ?? u.authorityStatus}
              onChange={(e) => setChanges({ ...changes, [u.userId!]: e.target.value as AuthorityStatus })}
            >
              {regulatorStatusChoices(u.authorityStatus).map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </select>
          </>
        );
      }
      case 'lastSignIn':
        return u.userId ? lastSignInText(u.lastSignIn) : '';
      default:
        return String(row[column.field]);
    }
  };

  return (
    <>
      <h2 className="govuk-heading-m">Regulator users</h2>
      {error ? <ErrorSummary errors={[{ path: 'statuses', message: error }]} focusKey={attempts} /> : null}
      {data.caUsers.some((u) => u.authorityStatus === 'ACCEPTED') ? (
        <p className="govuk-body">
          Accepted means the user has accepted their invitation and is waiting to be activated.
        </p>
      ) : null}
      <form noValidate onSubmit={save} id="l.statuses">
        <ScrollableTable label="Regulator users of your competent authority">
          <SortableTable
            columns={columns}
            data={rows}
            cell={cell}
            rowKey={(r) => r.key}
            sortLocally
            caption="Regulator users of your competent authority"
            captionClassName="govuk-visually-hidden"
          />
        </ScrollableTable>
        {data.editable && data.caUsers.some(mayChange) ? <Button pending={pending}>Save statuses</Button> : null}
      </form>
    </>
  );
}
