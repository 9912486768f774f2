// The routes of the spec. Each page is its own chunk, loaded when first visited, so the first load
// stays small.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Only for signed-in users; others go to the landing page. */
  signedIn?: boolean;
}

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

export const routes: AppRoute[] = [
  { path: '/landing', page: page(() => import('../pages/landing')) },
  { path: '/start-login', page: page(() => import('../pages/start-login')) },
  { path: '/dashboard', page: page(() => import('../pages/dashboard')), signedIn: true },
  { path: '/accounts', page: page(() => import('../pages/accounts')), signedIn: true },
  { path: '/accounts/new', page: page(() => import('../pages/accounts-new')), signedIn: true },
  { path: '/user/regulators', page: page(() => import('../pages/regulator-users')), signedIn: true },
  { path: '/tasks', page: page(() => import('../pages/tasks')), signedIn: true },
  { path: '/tasks/:taskId', page: page(() => import('../pages/tasks')), signedIn: true },
  { path: '/mi-reports', page: page(() => import('../pages/mi-reports')), signedIn: true },
  { path: '/feedback', page: page(() => import('../pages/feedback')) },
  { path: '/privacy-notice', page: page(() => import('../pages/privacy-notice')) },
  { path: '/contact-us', page: page(() => import('../pages/contact-us')) },
  { path: '/accessibility', page: page(() => import('../pages/accessibility')) },
  { path: '/about', page: page(() => import('../pages/about')) },
  { path: '/timed-out', page: page(() => import('../pages/timed-out')) },
  { path: '/cookies', page: page(() => import('../pages/cookies')) },
  { path: '/error/404', page: page(() => import('../pages/error-404')) },
  { path: '/error/500', page: page(() => import('../pages/error-500')) },
];
