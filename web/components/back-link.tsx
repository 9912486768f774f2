import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { cx } from './internal';

export interface BackLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** Default text: 'Back'. */
  children?: ReactNode;
}

export function BackLink({ href = '#', className, children, ...rest }: BackLinkProps) {
  return (
    <a {...rest} href={href} className={cx('govuk-back-link', className)}>
      {children ?? 'Back'}
    </a>
  );
}
