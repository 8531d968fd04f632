import { ConnectFrame } from '../components/connect-frame';
import { SftpConsole } from '../components/sftp-console';

/** /rms-connect/sftp?session=<id> (standalone). */
export function SftpConnectPage() {
  return <ConnectFrame>{(session) => <SftpConsole session={session} />}</ConnectFrame>;
}
