// The routes of the spec. Each page is its own chunk, loaded when first visited, so the first load
// stays small.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { regulatorGuard, type GuardFn } from './guards';

export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Only for signed-in users; others go to the landing page. */
  signedIn?: boolean;
  /** Page title used until the page sets its own, and the last breadcrumb's text. */
  title?: string;
  /** The last breadcrumb is the title the page sets for itself (a report's name), once it has. */
  crumbFromPage?: boolean;
  /**
   * The crumbs above this page (the page's title is appended as the current one). Absent: the
   * routes whose paths are prefixes of this one and have a title. false: no breadcrumbs.
   */
  breadcrumbs?: readonly RouteCrumb[] | false;
  /** A back link above the page: a path, or a path and text (default 'Back'). */
  backLink?: string | { href: string; text?: string };
  /** Guards of the page beyond being signed in (web/app/guards.tsx), applied in order. */
  guards?: GuardFn[];
}

export interface RouteCrumb {
  text: string;
  href: string;
}

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const dashboard = { text: 'Dashboard', href: '/dashboard' };
const regulatorUsers = [dashboard, { text: 'Regulator users', href: '/user/regulators' }];
const miReports = [dashboard, { text: 'MI Reports', href: '/mi-reports' }];
const compliance = [dashboard, { text: 'Compliance overview', href: '/compliance' }];

export const routes: AppRoute[] = [
  { path: '/landing', page: page(() => import('../pages/public/landing')) },
  { path: '/start-login', page: page(() => import('../pages/sign-in/start-login')) },
  { path: '/dashboard', page: page(() => import('../pages/dashboard/dashboard-page')), signedIn: true },
  { path: '/accounts', page: page(() => import('../pages/accounts/accounts-page')), signedIn: true, title: 'Accounts' },
  {
    path: '/accounts/new',
    page: page(() => import('../pages/account-application/application-page')),
    signedIn: true,
    title: 'Apply for a new organisation account',
  },
  {
    path: '/accounts/:accountId',
    page: page(() => import('../pages/accounts/account-page')),
    signedIn: true,
    title: 'Account',
  },
  {
    path: '/accounts/:accountId/users/:userId',
    page: page(() => import('../pages/user-details/user-details-page')),
    signedIn: true,
    title: 'User details',
    breadcrumbs: false,
  },
  {
    path: '/user/details',
    page: page(() => import('../pages/user-details/user-details-page')),
    signedIn: true,
    title: 'Your details',
    breadcrumbs: [dashboard],
  },
  {
    path: '/accounts/:accountId/disaggregated-undertaking/:requestType',
    page: page(() => import('../pages/accounts/disaggregated-undertaking')),
    signedIn: true,
    title: 'Disaggregated undertakings',
    breadcrumbs: false,
  },
  {
    path: '/upload-organisation-accounts',
    page: page(() => import('../pages/accounts/upload-organisation-accounts')),
    signedIn: true,
    title: 'Upload verified organisation accounts',
    breadcrumbs: [{ text: 'Dashboard', href: '/dashboard' }],
  },
  {
    path: '/user/regulators',
    page: page(() => import('../pages/regulator-users/regulator-users-page')),
    signedIn: true,
    title: 'Regulator users',
    breadcrumbs: [dashboard],
    guards: [regulatorGuard],
  },
  {
    path: '/user/regulators/add',
    page: page(() => import('../pages/regulator-users/invite-page')),
    signedIn: true,
    title: 'Add a new user',
    breadcrumbs: regulatorUsers,
    guards: [regulatorGuard],
  },
  {
    path: '/user/regulators/:userId/delete',
    page: page(() => import('../pages/regulator-users/delete-page')),
    signedIn: true,
    title: 'Delete a regulator user',
    breadcrumbs: regulatorUsers,
    guards: [regulatorGuard],
  },
  {
    path: '/user/regulators/:userId',
    page: page(() => import('../pages/regulator-users/user-page')),
    signedIn: true,
    title: 'Regulator user',
    breadcrumbs: regulatorUsers,
    guards: [regulatorGuard],
  },
  { path: '/tasks', page: page(() => import('../pages/task/tasks-page')), signedIn: true },
  { path: '/tasks/:taskId', page: page(() => import('../pages/task/tasks-page')), signedIn: true },
  // A report task's pages (web/pages/report): its sections' questions and summaries, and its confirmations.
  {
    path: '/tasks/:taskId/section/:sectionId/:stepId?',
    page: page(() => import('../pages/report/section-page')),
    signedIn: true,
    breadcrumbs: false,
  },
  // A list's upload ('Upload a file instead').
  {
    path: '/tasks/:taskId/section/:sectionId/:stepId/upload',
    page: page(() => import('../pages/report/section-page')),
    signedIn: true,
    breadcrumbs: false,
  },
  // An item of a list edited a page an item (`new`, or its 1-based position), and its removal.
  {
    path: '/tasks/:taskId/section/:sectionId/:stepId/item/:item/:confirm?',
    page: page(() => import('../pages/report/section-page')),
    signedIn: true,
    breadcrumbs: false,
  },
  {
    path: '/tasks/:taskId/:action',
    page: page(() => import('../pages/report/report-action-page')),
    signedIn: true,
    breadcrumbs: false,
  },
  {
    path: '/accounts/:accountId/workflows/:requestId',
    page: page(() => import('../pages/request/request-page')),
    signedIn: true,
    breadcrumbs: false,
  },
  // A task in its account's context (spec: dashboard task links), the request page's 'View task'.
  {
    path: '/accounts/:accountId/workflows/:requestId/tasks/:taskId',
    page: page(() => import('../pages/task/tasks-page')),
    signedIn: true,
    breadcrumbs: false,
  },
  {
    path: '/mi-reports',
    page: page(() => import('../pages/mi-reports/mi-reports-page')),
    signedIn: true,
    title: 'MI Reports',
    breadcrumbs: [dashboard],
    guards: [regulatorGuard],
  },
  {
    path: '/mi-reports/:report',
    page: page(() => import('../pages/mi-reports/report-page')),
    signedIn: true,
    title: 'MI report',
    crumbFromPage: true,
    breadcrumbs: miReports,
    guards: [regulatorGuard],
  },
  // The compliance overview (issue 29): its numbers, the list behind each, chasing a list.
  {
    path: '/compliance',
    page: page(() => import('../pages/compliance/overview-page')),
    signedIn: true,
    title: 'Compliance overview',
    breadcrumbs: [dashboard],
    guards: [regulatorGuard],
  },
  {
    path: '/compliance/accounts',
    page: page(() => import('../pages/compliance/list-page')),
    signedIn: true,
    title: 'Organisations',
    breadcrumbs: compliance,
    guards: [regulatorGuard],
  },
  {
    path: '/compliance/chase',
    page: page(() => import('../pages/compliance/chase-check-page')),
    signedIn: true,
    title: 'Send a reminder',
    breadcrumbs: compliance,
    guards: [regulatorGuard],
  },
  {
    path: '/compliance/chases/:id',
    page: page(() => import('../pages/compliance/chase-progress-page')),
    signedIn: true,
    title: 'Reminders',
    breadcrumbs: compliance,
    guards: [regulatorGuard],
  },
  {
    path: '/compliance/rfi',
    page: page(() => import('../pages/compliance/rfi-batch-page')),
    signedIn: true,
    title: 'Send a request for information',
    breadcrumbs: compliance,
    guards: [regulatorGuard],
  },
  {
    path: '/compliance/rfi-batches/:id',
    page: page(() => import('../pages/compliance/rfi-batch-progress-page')),
    signedIn: true,
    title: 'Requests for information',
    breadcrumbs: compliance,
    guards: [regulatorGuard],
  },
  // Published data (issue 30): the public page, and the regulators' page that publishes and withdraws.
  {
    path: '/published-data',
    page: page(() => import('../pages/published-data/published-data-page')),
    title: 'Published ESOS data',
    breadcrumbs: false,
  },
  {
    path: '/published-data/manage',
    page: page(() => import('../pages/published-data/publish-page')),
    signedIn: true,
    title: 'Publish data',
    breadcrumbs: [dashboard, { text: 'MI Reports', href: '/mi-reports' }],
    guards: [regulatorGuard],
  },
  { path: '/feedback', page: page(() => import('../pages/feedback/feedback-page')) },
  { path: '/privacy-notice', page: page(() => import('../pages/public/privacy-notice')) },
  { path: '/contact-us', page: page(() => import('../pages/public/contact-us')) },
  { path: '/accessibility', page: page(() => import('../pages/public/accessibility')) },
  { path: '/about', page: page(() => import('../pages/public/about')) },
  { path: '/timed-out', page: page(() => import('../pages/sign-in/timed-out')) },
  { path: '/callback', page: page(() => import('../pages/sign-in/callback')), breadcrumbs: false },
  { path: '/terms', page: page(() => import('../pages/sign-in/terms')), breadcrumbs: false },
  // The password reset (spec §2 'forgot-password'): asking for the e-mail, and the e-mailed link's page.
  {
    path: '/forgot-password',
    page: page(() => import('../pages/forgot-password/forgot-password')),
    breadcrumbs: false,
  },
  {
    path: '/forgot-password/reset-password',
    page: page(() => import('../pages/forgot-password/reset-password')),
    breadcrumbs: false,
  },
  { path: '/registration/register', page: page(() => import('../pages/sign-in/registration-register')) },
  { path: '/2fa/reset-2fa', page: page(() => import('../pages/sign-in/reset-2fa')) },
  {
    path: '/2fa/request-change',
    page: page(() => import('../pages/sign-in/change-2fa')),
    signedIn: true,
    title: 'Change your authenticator app',
  },
  // The links of invitation e-mails (api/routes/*-users.ts).
  { path: '/invitation', page: page(() => import('../pages/invitation/invitation')), breadcrumbs: false },
  {
    path: '/invitation/regulator',
    page: page(() => import('../pages/invitation/invitation-regulator')),
    breadcrumbs: false,
  },
  {
    path: '/invitation/verifier',
    page: page(() => import('../pages/invitation/invitation-verifier')),
    breadcrumbs: false,
  },
  { path: '/cookies', page: page(() => import('../pages/public/cookies')) },
  { path: '/error/404', page: page(() => import('../pages/errors/error-404')) },
  { path: '/error/500', page: page(() => import('../pages/errors/error-500')) },
];
