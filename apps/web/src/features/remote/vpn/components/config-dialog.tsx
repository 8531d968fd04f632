import type { VpnClient, VpnProfile } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { useClientProfile } from '../api/get-client-profile';
import { VPN_TEXTS as T } from '../texts';
import { ProfileView, type ProfileData } from './profile-view';

export type ConfigTarget = Pick<VpnClient, 'id' | 'name'>;

const profileData = (profile: VpnProfile): ProfileData => ({
  name: profile.name,
  fileName: profile.file_name,
  content: profile.content,
  link: profile.download_url,
  expiresAt: profile.expires_at,
});

function ClientConfig({ client }: { client: ConfigTarget }) {
  const result = useClientProfile(client.id);
  return (
    <QueryState result={result} loaderPadding="md" canRetry={false}>
      {(profile) => <ProfileView profile={profileData(profile)} />}
    </QueryState>
  );
}

/** Spec dialog 'VPN (config)': a user client's profile as a QR code and a .ovpn download. */
export function configDialog(client: ConfigTarget): DialogOptions {
  return {
    id: 'vpn.config',
    title: T.configTitle,
    subtitle: client.name,
    size: 'md',
    main: true,
    content: <ClientConfig client={client} />,
  };
}

/** The same dialog for a profile the server just made (a quick connect profile). */
export function profileDialog(profile: VpnProfile): DialogOptions {
  return {
    id: 'vpn.config',
    title: T.configTitle,
    subtitle: profile.name,
    size: 'md',
    main: true,
    content: <ProfileView profile={profileData(profile)} />,
  };
}

export const openConfig = (client: ConfigTarget) => dialogs.open(configDialog(client));
export const openVpnProfile = (profile: VpnProfile) => dialogs.open(profileDialog(profile));
