// The Tasks dashboard (spec §2): three tabs chosen by the URL fragment, 10 tasks a page, the page
// in the query string (reset to 1 when the tab changes).
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Tabs, selectedTabId } from '../../components/tabs';
import { pageFromSearch, pageHref } from '../../components/pagination';
import { usePageTitle } from '../../lib/page-title';
import { hasRegulatorPermission, useSession } from '../../stores/session';
import type { WorkItemList } from '../../../domain/work-items';
import { WorkItemsTable } from './work-items-table';

const tabs: { id: WorkItemList; label: string }[] = [
  { id: 'assigned-to-me', label: 'Assigned to me' },
  { id: 'assigned-to-others', label: 'Assigned to others' },
  { id: 'unassigned', label: 'Unassigned' },
];

function setPageInUrl(page: number): void {
  const { pathname, search, hash } = window.location;
  const href = page === 1 ? `${pathname}${withoutPage(search)}${hash}` : pageHref({ pathname, search, hash }, page);
  window.history.pushState(window.history.state, '', href);
}

function withoutPage(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

export default function DashboardPage() {
  usePageTitle('Tasks');
  const roleType = useSession((s) => s.userState?.roleType);
  const mayUpload = useSession((s) => hasRegulatorPermission(s, 'MANAGE_VERIFIED_ORGANISATION_ACCOUNTS', 'EXECUTE'));
  const [page, setPage] = useState(() => pageFromSearch(window.location.search));
  const [list, setList] = useState(
    () =>
      selectedTabId(
        tabs.map((t) => ({ ...t, panel: null })),
        decodeURIComponent(window.location.hash.replace(/^#/, '')),
      ) as WorkItemList,
  );

  useEffect(() => {
    const sync = () => {
      setPage(pageFromSearch(window.location.search));
      setList(
        selectedTabId(
          tabs.map((t) => ({ ...t, panel: null })),
          decodeURIComponent(window.location.hash.replace(/^#/, '')),
        ) as WorkItemList,
      );
    };
    window.addEventListener('popstate', sync);
    window.addEventListener('hashchange', sync);
    return () => {
      window.removeEventListener('popstate', sync);
      window.removeEventListener('hashchange', sync);
    };
  }, []);

  const changePage = useCallback((next: number) => {
    setPageInUrl(next);
    setPage(next);
  }, []);

  const changeTab = useCallback((tabId: string) => {
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${withoutPage(window.location.search)}#${tabId}`,
    );
    setList(tabId as WorkItemList);
    setPage(1);
  }, []);

  return (
    <>
      <h1 className="govuk-heading-l">Tasks</h1>
      {roleType === 'OPERATOR' && (
        <>
          <h2 className="govuk-heading-m">Actions</h2>
          <p className="govuk-body">
            <Link href="/accounts/new" className="govuk-link">
              Add another organisation account
            </Link>
          </p>
        </>
      )}
      {roleType === 'REGULATOR' && mayUpload && (
        <p className="govuk-body">
          <Link href="/upload-organisation-accounts" className="govuk-link">
            Upload file with verified organisation accounts
          </Link>
        </p>
      )}
      <Tabs
        onChange={changeTab}
        items={tabs.map((t) => ({
          id: t.id,
          label: t.label,
          panel: t.id === list ? <WorkItemsTable list={t.id} page={page} onPageChange={changePage} /> : null,
        }))}
      />
    </>
  );
}
