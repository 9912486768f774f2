import type { ReactNode } from 'react';
import { cx } from './internal';

export type TagColour =
  | 'grey'
  | 'green'
  | 'teal'
  | 'turquoise'
  | 'blue'
  | 'light-blue'
  | 'purple'
  | 'magenta'
  | 'pink'
  | 'red'
  | 'orange'
  | 'yellow';

export interface TagProps {
  /** Adds `govuk-tag--{colour}`. */
  colour?: TagColour;
  className?: string;
  children?: ReactNode;
}

export function Tag({ colour, className, children }: TagProps) {
  return <strong className={cx('govuk-tag', colour && `govuk-tag--${colour}`, className)}>{children}</strong>;
}
