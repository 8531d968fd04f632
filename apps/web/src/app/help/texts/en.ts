// Spec §2: the help side panel's texts. Each page's help by route name: short, practical plain
// text paragraphs about what the page is for and what can be done on it.
export const en = {
  panel: {
    open: 'Help (?)',
    close: 'Close help',
    label: 'Help panel',
  },
  fallback: {
    title: 'Help',
    paragraphs: [
      'Use the menu on the left to move between devices, remote access, VPN, administration and system pages; items you have no permission for are not shown.',
      'Press / to search devices, companies, users and more from anywhere. Tables can be sorted by clicking a column header, filtered with the controls above them, and paged at the bottom.',
      'Destructive actions always ask for confirmation. Long-running device operations open an Action status window that follows each device.',
    ],
  },
  pages: {
    'notifications.main': {
      title: 'Notifications',
      paragraphs: [
        'Every notification addressed to you: registrations of users you invited, activated credit codes, low resource warnings and device alerts.',
        'A notification stays unseen until you open the list; closing the bell menu marks all of them as seen. New ones arrive live at the top.',
      ],
    },
    'company.info': {
      title: 'Company',
      paragraphs: [
        "The company's page: its devices first, then its information, metrics, users, tags, reports and resources in tabs.",
        'Rename the company, change its settings or move it under another parent from the Information tab; deleting a company is only possible when it holds nothing.',
      ],
    },
    'company.tags': {
      title: 'Company tags',
      paragraphs: [
        'Tags of this company. Tags group devices for filtering, reports, tasks and automations.',
        'Create a tag with a name and an optional colour; removing a tag takes it off every device but leaves the devices untouched.',
      ],
    },
    'company.userstable': {
      title: 'Company users',
      paragraphs: [
        'The users who belong to this company, with their role. Change a role, move users to another company or remove them from the row menu.',
        'New people join by invitation: use Invite user and pick the role they get.',
      ],
    },
    'company.invitations': {
      title: 'Company invitations',
      paragraphs: [
        'Invitations sent for this company that have not been accepted yet. Resend one that was lost, or delete one sent by mistake.',
        'An invitation expires after a week; the invited person then needs a new one.',
      ],
    },
    'remote.mobile': {
      title: 'Mobile dashboard',
      paragraphs: [
        "A device's dashboard laid out for a phone: its status, signal and data usage at a glance.",
      ],
    },
    'remote.access': {
      title: 'Remote access',
      paragraphs: [
        "Rules that open a device's SSH, web interface, VNC, RDP or a LAN host from the browser, without a public IP on the device.",
        'Add a rule for a device and a port, then connect from its row. Sessions are authenticated, expire, and are recorded in the access history.',
      ],
    },
    'reports.single': {
      title: 'Reports',
      paragraphs: [
        'One-off reports over a period you choose: device status, data usage, signal and more, as PDF or CSV.',
        'Create a report template, then generate it; generated reports are kept and can be downloaded again from the list.',
      ],
    },
    'reports.periodic.day': {
      title: 'Daily reports',
      paragraphs: [
        'Reports generated automatically every day for the previous day, and optionally mailed to the recipients you list.',
      ],
    },
    'reports.periodic.week': {
      title: 'Weekly reports',
      paragraphs: [
        'Reports generated automatically every week for the previous week, and optionally mailed to the recipients you list.',
      ],
    },
    'reports.periodic.month': {
      title: 'Monthly reports',
      paragraphs: [
        'Reports generated automatically every month for the previous month, and optionally mailed to the recipients you list.',
      ],
    },
    'statistics.connection-manager': {
      title: 'Connection manager',
      paragraphs: [
        'Every connection attempt of your devices with its code: 0, 10, 12, 20 and 104 tell of attempts, 14 that monitoring was disabled, 15 that there was no active credit, 7 that another device already holds the serial with a different MAC.',
        'Filter by device or code to find out why a device does not show up online.',
      ],
    },
    'services.credit-codes': {
      title: 'Codes',
      paragraphs: [
        'Credit transfer codes hand resources to another company: create a code for an amount and give it to them, they activate it with Activate code.',
        'An unused code can be cancelled; its resources return to your pool.',
      ],
    },
    'services.credit-history': {
      title: 'Resources',
      paragraphs: [
        'Your resource pools: how many credits of each type were bought, are in use and are left, and when they expire.',
        'Move resources to a subsidiary company from here; moves are recorded in the history.',
      ],
    },
    'services.data-overview': {
      title: 'Data overview',
      paragraphs: [
        'The mobile data your company bought for its devices and how much is left. One credit buys 2 GB.',
      ],
    },
    'services.data-history': {
      title: 'Data purchases',
      paragraphs: [
        'Every purchase of company data: when, by whom, how many credits were spent and how much data they bought.',
      ],
    },
  },
} as const;
