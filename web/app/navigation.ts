// Header navigation by role and status (spec section 6).
import type { UserState } from '../stores/session';

export interface NavigationItem {
  text: string;
  href: string;
}

/**
 * Tasks and Accounts for regulators and authorised operators (status other than NO_AUTHORITY);
 * Regulator users, MI Reports and Compliance for regulators only; nothing for a disabled user.
 */
export function navigationItems(userState: UserState | null): NavigationItem[] {
  if (!userState || userState.status === 'DISABLED' || userState.status === 'TEMP_DISABLED') return [];
  const regulator = userState.roleType === 'REGULATOR';
  const authorisedOperator = userState.roleType === 'OPERATOR' && userState.status !== 'NO_AUTHORITY';
  const items: NavigationItem[] = [];
  if (regulator || authorisedOperator) {
    items.push({ text: 'Tasks', href: '/dashboard' }, { text: 'Accounts', href: '/accounts' });
  }
  if (regulator) {
    items.push(
      { text: 'Regulator users', href: '/user/regulators' },
      { text: 'MI Reports', href: '/mi-reports' },
      { text: 'Compliance', href: '/compliance' },
    );
  }
  return items;
}
