// Spec §2 "Modal dialogs by name: Wi-Fi QR code": the standard join code of a device's Wi-Fi
// network, for phones to scan. No API returns a Wi-Fi key (readings carry the SSID only), so the
// key is typed here; the code is made in the browser and the key is neither sent nor kept.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { saveBlob } from '@/lib/download';
import {
  QUIET_ZONE,
  qrMatrix,
  qrPath,
  qrPng,
  wifiQrText,
  type WifiNetwork,
  type WifiSecurity,
} from '../model/wifi-qr';
import { WIFI_QR_TEXTS as T } from '../texts';

/** The network the dialog opens on: what the Wi-Fi list or the device page shows of it. */
export interface WifiQrTarget {
  ssid: string;
  device_name?: string;
}

/** Why a key cannot be the network's (WPA: 8-63 characters or 64 hex digits; WEP: 5/13 or 10/26). */
export function keyProblem(security: WifiSecurity, key: string): string | null {
  if (security === 'nopass') return null;
  if (key === '') return T.keyRequired;
  if (security === 'WPA') {
    if (/^[0-9a-f]{64}$/i.test(key) || (key.length >= 8 && key.length <= 63)) return null;
    return T.wpaKey;
  }
  if (key.length === 5 || key.length === 13 || /^([0-9a-f]{10}|[0-9a-f]{26})$/i.test(key))
    return null;
  return T.wepKey;
}

const fileName = (ssid: string) => `wifi-${ssid.replace(/[^a-z0-9_-]+/gi, '-') || 'network'}`;

/** Prints the code and the SSID alone, from a hidden frame (no pop-up to block). */
function printCode(svg: SVGSVGElement, ssid: string) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.append(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  const heading = doc.createElement('h1');
  heading.textContent = ssid;
  heading.style.fontFamily = 'sans-serif';
  const code = svg.cloneNode(true) as SVGSVGElement;
  code.setAttribute('width', '320');
  code.setAttribute('height', '320');
  doc.body.style.textAlign = 'center';
  doc.body.append(heading, code);
  win.addEventListener('afterprint', () => frame.remove());
  win.focus();
  win.print();
  setTimeout(() => frame.remove(), 60_000);
}

export function WifiQrCode({ target }: { target: WifiQrTarget }) {
  const [network, setNetwork] = useState<WifiNetwork>({
    ssid: target.ssid,
    security: 'WPA',
    key: '',
    hidden: false,
  });
  const svg = useRef<SVGSVGElement>(null);
  const problem = keyProblem(network.security, network.key);
  const ready = network.ssid.trim() !== '' && problem === null;
  const text = ready ? wifiQrText(network) : null;
  const matrix = useMemo(() => (text === null ? null : qrMatrix(text)), [text]);
  const update = (change: Partial<WifiNetwork>) =>
    setNetwork((current) => ({ ...current, ...change }));
  const side = matrix ? matrix.size + QUIET_ZONE * 2 : 0;

  return (
    <Stack gap="sm">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} aria-hidden />}>
        {T.keyNotKept}
      </Alert>
      <TextInput
        label={T.ssid}
        value={network.ssid}
        maxLength={32}
        required
        onChange={(event) => update({ ssid: event.currentTarget.value })}
      />
      <Select
        label={T.security}
        value={network.security}
        allowDeselect={false}
        data={[
          { value: 'WPA', label: T.wpa },
          { value: 'WEP', label: T.wep },
          { value: 'nopass', label: T.openNetwork },
        ]}
        onChange={(value) => update({ security: (value ?? 'WPA') as WifiSecurity })}
      />
      {network.security !== 'nopass' && (
        <PasswordInput
          label={T.key}
          value={network.key}
          autoComplete="off"
          required
          error={network.key === '' ? undefined : problem}
          onChange={(event) => update({ key: event.currentTarget.value })}
        />
      )}
      <Checkbox
        label={T.hidden}
        checked={network.hidden}
        onChange={(event) => update({ hidden: event.currentTarget.checked })}
      />
      {matrix ? (
        <Group justify="center">
          <Box bg="white" p={0} style={{ lineHeight: 0 }}>
            <svg
              ref={svg}
              role="img"
              aria-label={T.codeOf(network.ssid)}
              viewBox={`0 0 ${side} ${side}`}
              width={232}
              height={232}
              shapeRendering="crispEdges"
              xmlns="http://www.w3.org/2000/svg"
            >
              <rect width={side} height={side} fill="#ffffff" />
              <path d={qrPath(matrix)} fill="#000000" />
            </svg>
          </Box>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          {T.enterKey}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          disabled={!matrix}
          onClick={() => svg.current && printCode(svg.current, network.ssid)}
        >
          {T.print}
        </Button>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={!matrix}
          onClick={() => {
            if (!matrix) return;
            void qrPng(matrix).then((blob) => {
              if (blob) saveBlob(blob, `${fileName(network.ssid)}.png`);
            });
          }}
        >
          {T.downloadPng}
        </Button>
      </Group>
    </Stack>
  );
}

let lastId = 0;

/** The 'Wi-Fi QR code' dialog of one network. */
export function wifiQrDialog(target: WifiQrTarget): DialogOptions {
  lastId += 1;
  return {
    id: `wifi-qr-${lastId}`,
    title: T.title,
    subtitle: target.device_name ? T.subtitle(target.ssid, target.device_name) : target.ssid,
    size: 'sm',
    content: <WifiQrCode target={target} />,
  };
}

export function openWifiQrDialog(target: WifiQrTarget) {
  dialogs.open(wifiQrDialog(target));
}
