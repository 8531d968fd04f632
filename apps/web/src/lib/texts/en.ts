// English texts of the shared web library (downloads, live channels).
export const en = {
  downloadFailed: 'Failed to download file',
  channelRevoked: 'You may no longer listen to this channel',
} as const;
