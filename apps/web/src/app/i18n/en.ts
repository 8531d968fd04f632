// English texts of the shell. Spec message texts come from @netfleet/contracts MESSAGES.
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
    cancelImpersonationFailed: 'Failed to cancel impersonation',
    logoutFailed: 'Failed to log out',
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
} as const;
