import { ConnectFrame } from '../components/connect-frame';
import { LazyTerminal } from '../components/lazy-terminal';

/** /rms-connect/telnet?session=<id> (standalone): no form, the device asks in the terminal. */
export function TelnetConnectPage() {
  return <ConnectFrame>{(session) => <LazyTerminal sessionId={session.id} />}</ConnectFrame>;
}
