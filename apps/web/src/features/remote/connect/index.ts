// Pages for the app layer's route registry: the standalone connect screens (/rms-connect/...).
export { DesktopConnectPage } from './pages/desktop-connect-page';
export { SftpConnectPage } from './pages/sftp-connect-page';
export { SshConnectPage } from './pages/ssh-connect-page';
export { TelnetConnectPage } from './pages/telnet-connect-page';
