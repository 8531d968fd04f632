// English texts of the shell (the i18next resources of `useTranslation()` and, through
// ../texts.ts, the plain objects of the app layer). Spec message texts come from '@/lib/messages'.
import { MENU_GROUPS, ROUTES } from '@netfleet/contracts';

/**
 * Route titles by route name (document title, menu items), from the contracts catalogue, and the
 * menu items that are generic forms rather than routes of their own.
 */
const routes: Readonly<Record<string, string>> = Object.fromEntries([
  ...ROUTES.map((route) => [route.name, route.title]),
  ...MENU_GROUPS.flatMap((group) => group.items).map((item) => [item.routeName, item.title]),
]);

/** Menu group titles by group key. */
const menu: Readonly<Record<string, string>> = Object.fromEntries(
  MENU_GROUPS.map((group) => [group.key, group.name]),
);

export const en = {
  nav: {
    label: 'Main navigation',
    collapse: 'Collapse navigation',
    expand: 'Expand navigation',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    home: 'Home',
  },
  header: {
    accountMenu: 'Account menu',
    accountSettings: 'Account settings',
    company: 'Company',
    role: 'Role',
    darkMode: 'Dark mode',
    darkModeAuto: 'Auto',
    darkModeEnabled: 'Enabled',
    darkModeDisabled: 'Disabled',
    timezone: 'System timezone',
    timezoneDefault: 'Default ({{zone}})',
    timezoneSave: 'Save',
    timezoneReset: 'Use default',
    timezonePlaceholder: 'Search time zones',
    language: 'Language',
    changelog: 'Changelog',
    activateCode: 'Activate code',
    version: 'Version {{version}}',
    logout: 'Log out',
    buy: 'Buy',
    cancelImpersonation: 'Cancel impersonation',
    impersonationAccess: 'Impersonation access until {{date}}',
    revokeImpersonation: 'Revoke',
    revokeImpersonationFailed: 'Failed to revoke impersonation access',
    cancelImpersonationFailed: 'Failed to cancel impersonation',
    logoutFailed: 'Failed to log out',
    forms: 'Forms',
  },
  common: {
    confirm: 'Confirm',
    cancel: 'Cancel',
    close: 'Close',
    retry: 'Retry',
    loading: 'Loading…',
  },
  startup: {
    resend: 'Resend',
    logout: 'Log out',
    emailNotVerifiedTitle: 'Verify your e-mail address',
    emailNotVerifiedText:
      'We sent a confirmation link to your e-mail address. Open it to activate your account, or send a new one.',
    notInvitedTitle: 'No invitation found',
    notInvitedText:
      'You signed in with single sign-on, but nobody has invited you to this console yet. Ask an administrator of your company for an invitation.',
    mfaMandatoryTitle: 'Two-factor authentication required',
    mfaMandatoryText:
      'Your company requires two-factor authentication. Set up an authentication method to continue.',
    mfaSetUp: 'Set up two-factor authentication',
    maintenanceTitle: 'We will be back soon',
    maintenanceText:
      'The console is not reachable right now, possibly because of maintenance. Please try again in a few minutes.',
  },
  entry: {
    agreementTitle: 'Data processing agreement',
    agreementText:
      'To manage your devices we process device identifiers, configuration, location and usage data on your behalf. The data stays in this installation, is used only to provide the service and is removed when you delete it. By continuing you agree to these terms of data processing.',
    accept: 'Accept',
    email: 'E-mail address',
    emailText:
      'Your account has no e-mail address yet. We use it for notifications and to recover access.',
    emailInvalid: 'Enter a valid e-mail address',
    save: 'Save',
    saveFailed: 'Failed to save',
  },
  update: {
    title: 'A new version is available',
    text: 'Reload the page to use the latest version of the console.',
    reload: 'Reload',
    later: 'Later',
  },
  shell: {
    scrollTop: 'Scroll to top',
    pageFailed: 'This page could not be loaded.',
  },
  search: {
    button: 'Search',
    title: 'Search',
    input: 'Search',
    kindsLabel: 'Search in',
    searching: 'Searching {{kind}}',
    found: '{{kind}} found',
    viewInTable: 'View in table',
    kinds: {
      devices: 'Devices',
      companies: 'Companies',
      remoteAccess: 'Remote access',
      vpnHubs: 'VPN hubs',
      tags: 'Tags',
      users: 'Users',
      files: 'Files',
    },
  },
  /** Spec §2 "Forms from the account menu": the titles of their definitions. */
  forms: {
    'new-tag': 'New tag',
    'invite-user': 'Invite user',
    'new-company': 'New company',
    'move-company': 'Move company',
    'add-resources': 'Add resources',
    'move-resources': 'Move resources',
    'create-code': 'Create code',
    'activate-code': 'Activate code',
    'add-company-data': 'Add company data',
    'upload-device-api-documentation': 'Upload device API documentation',
    'remove-from-suppression-list': 'Remove from suppression list',
    'remove-mfa': 'Remove MFA',
    'delete-user': 'Delete user',
    'assign-sso-administrator': 'Assign SSO administrator',
    'invite-new-company': 'Invite new company',
  },
  notFound: {
    title: 'Page not found',
    message:
      'The page you asked for does not exist or was moved. Check the address, or go back to the console.',
    start: 'Go to the start page',
    signIn: 'Sign in',
  },
  companyTabs: { devices: 'Devices', dataHistory: 'Data history', files: 'Files' },
  routes,
  menu,
} as const;
