export const connectKeys = {
  all: ['connect'] as const,
  session: (id: number) => [...connectKeys.all, 'session', id] as const,
  savedCredential: (deviceId: number) => [...connectKeys.all, 'credential', deviceId] as const,
  sftp: (sessionId: number) => [...connectKeys.all, 'sftp', sessionId] as const,
  sftpList: (sessionId: number, path: string) =>
    [...connectKeys.sftp(sessionId), 'list', path] as const,
};
