// The accounts area (/accounts): regulators search the accounts of their competent authority;
// operators see their own accounts. 10 a page, the page and the term kept in the query string.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button, Pagination, TextInput } from '../../components/index';
import { pageFromSearch } from '../../components/pagination';
import { usePageTitle } from '../../lib/page-title';
import { apiGet, HttpError } from '../../lib/api';
import { useSession } from '../../stores/session';
import { accountStatusLabels, type AccountSearchResult } from '../../../domain/accounts';

const PAGE_SIZE = 10;

function readQuery() {
  const params = new URLSearchParams(window.location.search);
  return { term: params.get('term') ?? '', page: pageFromSearch(window.location.search) };
}

export default function AccountsPage() {
  usePageTitle('Accounts');
  const regulator = useSession((s) => s.userState?.roleType === 'REGULATOR');
  const [query, setQuery] = useState(readQuery);
  const [typed, setTyped] = useState(query.term);
  const [termError, setTermError] = useState<string | undefined>();
  const [result, setResult] = useState<AccountSearchResult | null>(null);

  useEffect(() => {
    const sync = () => setQuery(readQuery());
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    let live = true;
    apiGet('/v1.0/organisation/accounts', {
      query: { term: query.term || undefined, page: query.page - 1, size: PAGE_SIZE },
    })
      .then((r) => live && setResult(r))
      .catch(
        (err) => live && setTermError(err instanceof HttpError ? err.message : 'The accounts could not be loaded'),
      );
    return () => {
      live = false;
    };
  }, [query]);

  const navigate = (term: string, page: number) => {
    const params = new URLSearchParams();
    if (term) params.set('term', term);
    if (page > 1) params.set('page', String(page));
    window.history.pushState(null, '', `/accounts${params.size ? `?${params}` : ''}`);
    setQuery({ term, page });
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    const term = typed.trim();
    if (term !== '' && (term.length < 3 || term.length > 256))
      return setTermError('Enter between 3 and 256 characters to search');
    setTermError(undefined);
    navigate(term, 1);
  };

  return (
    <>
      <h1 className="govuk-heading-l">Accounts</h1>
      {regulator ? (
        <form noValidate onSubmit={search} role="search">
          <TextInput
            name="term"
            label="Search by organisation name, registration number or organisation ID"
            value={typed}
            errorMessage={termError}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      ) : (
        <p className="govuk-body">
          <Link className="govuk-link" href="/accounts/new">
            Apply for a new organisation account
          </Link>
        </p>
      )}
      {result === null ? null : result.total === 0 ? (
        <p className="govuk-body">{query.term ? 'No accounts match your search.' : 'There are no accounts to show.'}</p>
      ) : (
        <>
          <table className="govuk-table">
            <caption className="govuk-table__caption govuk-visually-hidden">Organisation accounts</caption>
            <thead className="govuk-table__head">
              <tr className="govuk-table__row">
                <th scope="col" className="govuk-table__header">
                  Organisation name
                </th>
                <th scope="col" className="govuk-table__header">
                  Organisation ID
                </th>
                <th scope="col" className="govuk-table__header">
                  Registration number
                </th>
                <th scope="col" className="govuk-table__header">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="govuk-table__body">
              {result.accounts.map((a) => (
                <tr key={a.id} className="govuk-table__row">
                  <td className="govuk-table__cell">
                    <Link className="govuk-link" href={`/accounts/${a.id}`}>
                      {a.name}
                    </Link>
                  </td>
                  <td className="govuk-table__cell">{a.organisationId}</td>
                  <td className="govuk-table__cell">{a.registrationNumber ?? '–'}</td>
                  <td className="govuk-table__cell">{accountStatusLabels[a.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            totalItems={result.total}
            pageSize={PAGE_SIZE}
            currentPage={query.page}
            onPageChange={(page) => navigate(query.term, page)}
          />
        </>
      )}
    </>
  );
}
