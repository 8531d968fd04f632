// The spec's shared texts (§2, §5, §8) come from @netfleet/contracts so the server and its tests
// use the same English; the web shows them through this catalogue. `labels` are the display
// labels of the API's numeric codes (contracts labels.ts), `messages` the MESSAGES texts plus
// the message functions of contracts messages.ts.
import {
  CODE_USED_LABELS,
  COMPANY_DATA_GB_PER_CREDIT,
  CONNECTION_LOG_MESSAGES,
  DEVICE_STATUS_NOT_ACTIVATED,
  L2TP_STATUS_NONE,
  MESSAGES,
  ACTION_PAST_TENSE,
} from '@netfleet/contracts';

export const en = {
  messages: {
    ...MESSAGES,
    /** 'Maximum file size is 80 MB' (contracts fileTooLargeMessage). */
    fileTooLargeMessage: (size: string) => MESSAGES.fileTooLarge.replace('{size}', size),
    spendCreditsConfirm: (credits: number) =>
      `Are you sure you want to spend ${credits} credit(s) to get ${credits * COMPANY_DATA_GB_PER_CREDIT} GB of data?`,
    impersonationBanner: (email: string, companyName: string | null, companyId: number) =>
      `Currently impersonating user ${email}, ${companyName || 'Company'} #${companyId}`,
  },
  /** Spec §8 message builder (contracts actionSuccessMessage / actionFailureMessage). */
  actions: {
    success: '{{item}} {{done}} successfully',
    failure: 'Failed to {{verb}} {{item}}',
    /** A verb without a translation: its code name is shown as it is. */
    failureOther: 'Failed to {{verb}} {{item}}',
    verbs: {
      create: 'create',
      update: 'update',
      remove: 'remove',
      cancel: 'cancel',
      add: 'add',
      send: 'send',
      move: 'move',
      assign: 'assign',
      revoke: 'revoke',
    },
    pastTense: { ...ACTION_PAST_TENSE },
  },
  labels: {
    deviceStatus: { offline: 'Offline', online: 'Online', pending: 'Pending' },
    deviceStatusNotActivated: DEVICE_STATUS_NOT_ACTIVATED,
    l2tpStatus: {
      allOnline: 'All online',
      allOffline: 'All offline',
      allDisabled: 'All disabled',
      mixed: 'Mixed',
    },
    l2tpStatusNone: L2TP_STATUS_NONE,
    ioLevel: { low: 'Low', high: 'High' },
    relay: { closed: 'Closed', open: 'Open' },
    facelift: { no: 'Not facelift device', yes: 'Facelift device' },
    codeUsed: { used: CODE_USED_LABELS.used, notUsed: CODE_USED_LABELS.notUsed },
    connectionLog: { ...CONNECTION_LOG_MESSAGES },
  },
} as const;
