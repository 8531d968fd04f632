import { ConnectFrame } from '../components/connect-frame';
import { SshConsole } from '../components/ssh-console';

/** /rms-connect/ssh?session=<id> (standalone). */
export function SshConnectPage() {
  return <ConnectFrame>{(session) => <SshConsole session={session} />}</ConnectFrame>;
}
