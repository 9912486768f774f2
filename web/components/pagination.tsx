import type { MouseEvent } from 'react';
import { cx } from './internal';

export interface PaginationProps {
  totalItems: number;
  pageSize: number;
  /** 1-based. */
  currentPage: number;
  /** Link of a page; default `pageHref(window.location, page)`. */
  hrefFor?: (page: number) => string;
  /** Called instead of following the link (the click's default action is prevented). */
  onPageChange?: (page: number) => void;
  className?: string;
  /** Hide 'Showing X to Y of Z results'. */
  hideSummary?: boolean;
}

export type PageItem = number | 'ellipsis';

/** Number of pages (at least 1). */
export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / Math.max(1, pageSize)));
}

/**
 * Pages to show: all when there are 6 or fewer; otherwise first, last, current and one either side,
 * with an ellipsis for every gap.
 */
export function paginationItems(currentPage: number, totalPages: number): PageItem[] {
  if (totalPages <= 6) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const pages = new Set(
    [1, totalPages, currentPage - 1, currentPage, currentPage + 1].filter((p) => p >= 1 && p <= totalPages),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const result: PageItem[] = [];
  sorted.forEach((page, i) => {
    if (i > 0 && page - sorted[i - 1]! > 1) result.push('ellipsis');
    result.push(page);
  });
  return result;
}

/** 'Showing X to Y of Z results'. */
export function paginationSummary(totalItems: number, pageSize: number, currentPage: number): string {
  const from = totalItems === 0 ? 0 : (currentPage - 1) * pageSize + 1;
  const to = Math.min(currentPage * pageSize, totalItems);
  return `Showing ${from} to ${to} of ${totalItems} results`;
}

/** Link of `page` keeping the other query parameters (and the fragment), with `page` set. */
export function pageHref(location: { pathname: string; search: string; hash?: string }, page: number): string {
  const params = new URLSearchParams(location.search);
  params.set('page', String(page));
  return `${location.pathname}?${params.toString()}${location.hash ?? ''}`;
}

/** Current page from a query string: `page`, default 1. */
export function pageFromSearch(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function Pagination({
  totalItems,
  pageSize,
  currentPage,
  hrefFor,
  onPageChange,
  className,
  hideSummary,
}: PaginationProps) {
  const totalPages = pageCount(totalItems, pageSize);
  const href = (page: number) => (hrefFor ? hrefFor(page) : pageHref(window.location, page));
  const click = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPageChange) return;
    event.preventDefault();
    onPageChange(page);
  };
  return (
    <>
      {!hideSummary && totalItems > 0 ? (
        <p className="govuk-body">{paginationSummary(totalItems, pageSize, currentPage)}</p>
      ) : null}
      {totalPages > 1 ? (
        <nav className={cx('govuk-pagination', className)} aria-label="Pagination">
          {currentPage > 1 ? (
            <div className="govuk-pagination__prev">
              <a
                className="govuk-link govuk-pagination__link"
                href={href(currentPage - 1)}
                rel="prev"
                onClick={click(currentPage - 1)}
              >
                <svg
                  className="govuk-pagination__icon govuk-pagination__icon--prev"
                  xmlns="http://www.w3.org/2000/svg"
                  height="13"
                  width="15"
                  aria-hidden="true"
                  focusable="false"
                  viewBox="0 0 15 13"
                >
                  <path d="m6.5938-0.0078125-6.7266 6.7266 6.7441 6.4062 1.377-1.449-4.1856-3.9768h12.896v-2h-12.984l4.2931-4.293-1.414-1.414z" />
                </svg>
                <span className="govuk-pagination__link-title">
                  Previous<span className="govuk-visually-hidden"> page</span>
                </span>
              </a>
            </div>
          ) : null}
          <ul className="govuk-pagination__list">
            {paginationItems(currentPage, totalPages).map((item, i) =>
              item === 'ellipsis' ? (
                <li key={`e${i}`} className="govuk-pagination__item govuk-pagination__item--ellipsis">
                  ⋯
                </li>
              ) : (
                <li
                  key={item}
                  className={cx('govuk-pagination__item', item === currentPage && 'govuk-pagination__item--current')}
                >
                  <a
                    className="govuk-link govuk-pagination__link"
                    href={href(item)}
                    aria-label={`Page ${item}`}
                    aria-current={item === currentPage ? 'page' : undefined}
                    onClick={click(item)}
                  >
                    {item}
                  </a>
                </li>
              ),
            )}
          </ul>
          {currentPage < totalPages ? (
            <div className="govuk-pagination__next">
              <a
                className="govuk-link govuk-pagination__link"
                href={href(currentPage + 1)}
                rel="next"
                onClick={click(currentPage + 1)}
              >
                <span className="govuk-pagination__link-title">
                  Next<span className="govuk-visually-hidden"> page</span>
                </span>
                <svg
                  className="govuk-pagination__icon govuk-pagination__icon--next"
                  xmlns="http://www.w3.org/2000/svg"
                  height="13"
                  width="15"
                  aria-hidden="true"
                  focusable="false"
                  viewBox="0 0 15 13"
                >
                  <path d="m8.107-0.0078125-1.4136 1.414 4.2926 4.293h-12.986v2h12.896l-4.1855 3.9766 1.377 1.4492 6.7441-6.4062-6.7246-6.7266z" />
                </svg>
              </a>
            </div>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
