import { Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { profileFileName } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { saveBlob } from '@/lib/download';
import { profileQr, type ProfileQr } from '../model/profile-qr';
import { VPN_TEXTS as T } from '../texts';

export interface ProfileData {
  /** The client's name. */
  name: string;
  /** The file name the server gives, or the client's name. */
  fileName: string;
  /** The .ovpn text. */
  content: string;
  /** A link that downloads the profile without signing in (quick connect profiles). */
  link?: string | undefined;
  expiresAt?: string | null | undefined;
}

// A large profile makes a dense code (up to 177 modules a side): two pixels or more each.
const QR_SIZE = 400;

/** Renders the QR code once per profile; `undefined` while it is being made. */
function useProfileQr(content: string, link: string | undefined) {
  const [qr, setQr] = useState<{ key: string; value: ProfileQr | null }>();
  const key = `${content}\n${link ?? ''}`;
  useEffect(() => {
    let current = true;
    void profileQr(content, link).then((value) => {
      if (current) setQr({ key, value });
    });
    return () => {
      current = false;
    };
  }, [content, link, key]);
  return qr?.key === key ? qr.value : undefined;
}

/** A client's OpenVPN profile: its QR code to scan and the .ovpn file to download. */
export function ProfileView({ profile }: { profile: ProfileData }) {
  const qr = useProfileQr(profile.content, profile.link);
  const download = () =>
    saveBlob(
      new Blob([profile.content], { type: 'application/x-openvpn-profile' }),
      profileFileName(profile.fileName),
    );
  return (
    <Stack gap="sm" align="center">
      {qr === undefined && (
        <Center h={QR_SIZE}>
          <Loader size="sm" aria-label={T.loading} />
        </Center>
      )}
      {qr && (
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
          alt={T.qrAlt(profile.name)}
          w={QR_SIZE}
          h={QR_SIZE}
          bg="white"
          radius="sm"
        />
      )}
      <Text size="sm" c="dimmed" ta="center">
        {qr === null ? T.qrTooLarge : qr?.holds === 'link' ? T.linkHint : T.qrHint}
      </Text>
      {profile.expiresAt && (
        <Text size="sm">{`${T.expires}: ${formatDateTime(profile.expiresAt)}`}</Text>
      )}
      <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
        {T.download}
      </Button>
    </Stack>
  );
}
