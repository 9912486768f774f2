import type { MouseEvent, ReactNode } from 'react';
import { cx } from './internal';

export interface BreadcrumbItem {
  text: ReactNode;
  /** Without href the item is the current page (aria-current="page"). */
  href?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface BreadcrumbsProps {
  items: readonly BreadcrumbItem[];
  collapseOnMobile?: boolean;
  className?: string;
  /** aria-label of the nav; default 'Breadcrumb'. */
  labelText?: string;
}

export function Breadcrumbs({ items, collapseOnMobile, className, labelText = 'Breadcrumb' }: BreadcrumbsProps) {
  return (
    <nav
      className={cx('govuk-breadcrumbs', className, collapseOnMobile && 'govuk-breadcrumbs--collapse-on-mobile')}
      aria-label={labelText}
    >
      <ol className="govuk-breadcrumbs__list">
        {items.map((item, i) =>
          item.href ? (
            <li className="govuk-breadcrumbs__list-item" key={i}>
              <a className="govuk-breadcrumbs__link" href={item.href} onClick={item.onClick}>
                {item.text}
              </a>
            </li>
          ) : (
            <li className="govuk-breadcrumbs__list-item" aria-current="page" key={i}>
              {item.text}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
