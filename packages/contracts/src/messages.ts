// Spec §2/§5/§8 user-facing texts, shared so the server, the web app and the tests agree on them.
import { COMPANY_DATA_GB_PER_CREDIT } from './constants.ts';

export const MESSAGES = {
  timezoneUpdated: 'Timezone updated successfully',
  timezoneDefault: 'The default timezone is used',
  connectionLost: 'The network connection has been lost.',
  tooManyMinimized: 'You can not minimize more than 5 windows',
  revokeImpersonationConfirm: 'Revoke impersonation access?',
  companyNameUnchanged: 'Please input different value to save changes.',
  accessDenied: 'Access denied',
  noViewPermissions: 'User has no view permissions available',
  enterEmail: 'Please enter your email address',
  important: 'Important',
  emailConfirmationSent: 'Email confirmation sent successfully',
  emailConfirmationFailed: 'Failed to send email confirmation',
  userRequestTimeout: 'User request timeout',
  userDataFailed: 'Failed to get user data',
  offline: 'You are offline. Check your network cables, modem and router, or reconnect to Wi-Fi.',
  illegalBase64url: 'Illegal base64url string!',
  notificationsFailed: 'Failed to get notifications.',
  noNotifications: 'No notifications',
  serverError: 'Server error',
  failedToConnect: 'Failed to connect to server',
  failedToSend: 'Failed to send request. Try again later',
  errorTitle: 'Error',
  operationComplete: 'operation complete',
  searchNoResults: 'No results found',
  searchTypeToStart: 'Type to start searching',
  searchNoCriteria: 'No search criteria selected',
  fileTooLarge: 'Maximum file size is {size}',
  fileNameSpaces: 'File name contains spaces',
  fileNameForbidden: 'File name contains forbidden symbols',
  csvNotSelected: 'Not a CSV file selected',
  csvTooLarge: 'File size must be lower than 80MB',
  nameForbidden: 'Name contains forbidden symbols',
  clustererMissing: 'MarkerClusterer is not installed',
  placesLibraryMissing: 'Add "places" to the libraries of the maps script',
} as const;

/** 'Maximum file size is 80 MB' from the template in MESSAGES. */
export function fileTooLargeMessage(size: string): string {
  return MESSAGES.fileTooLarge.replace('{size}', size);
}

/** Confirm text before buying company data (spec §8); each credit buys a fixed amount of data. */
export function spendCreditsConfirm(credits: number): string {
  const gigabytes = credits * COMPANY_DATA_GB_PER_CREDIT;
  return `Are you sure you want to spend ${credits} credit(s) to get ${gigabytes} GB of data?`;
}

/** Banner shown while impersonating (spec §2 Header). */
export function impersonationBanner(
  email: string,
  companyName: string | null,
  companyId: number,
): string {
  return `Currently impersonating user ${email}, ${companyName || 'Company'} #${companyId}`;
}
