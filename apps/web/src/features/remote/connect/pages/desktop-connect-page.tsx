import { ConnectFrame } from '../components/connect-frame';
import { LazyVnc } from '../components/lazy-vnc';

/** /rms-connect/desktop?session=<id> (standalone). */
export function DesktopConnectPage() {
  return <ConnectFrame>{(session) => <LazyVnc sessionId={session.id} />}</ConnectFrame>;
}
