// Registry of the pages that are built: route name → lazy component. Only these routes are
// mounted and shown in the menu; each later issue adds its feature's pages here.
import type { ComponentType } from 'react';
import { loadNoticesAdminPage } from '@/features/notices';
import { loadNotificationsPage } from '@/features/notifications';
import { lazyPage } from './router/lazy-page';

export type PageRegistry = Readonly<Record<string, ComponentType>>;

const auth = () => import('@/features/auth');

export const PAGES: PageRegistry = {
  login: lazyPage(auth, (m) => m.LoginPage),
  logout: lazyPage(auth, (m) => m.LogoutPage),
  'verify-email': lazyPage(auth, (m) => m.VerifyEmailPage),
  account: lazyPage(
    () => import('@/features/account'),
    (m) => m.AccountPage,
  ),
  'users.impersonation-logs': lazyPage(
    () => import('@/features/users'),
    (m) => m.ImpersonationLogsPage,
  ),
  'mail-logs': lazyPage(
    () => import('@/features/mail-logs'),
    (m) => m.MailLogsPage,
  ),
  'notifications.main': lazyPage(loadNotificationsPage, (m) => m.NotificationsPage),
  notices: lazyPage(loadNoticesAdminPage, (m) => m.NoticesAdminPage),
  changelog: lazyPage(
    () => import('@/features/changelog'),
    (m) => m.ChangelogPage,
  ),
};
