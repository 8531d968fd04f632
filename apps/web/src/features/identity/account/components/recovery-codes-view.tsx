import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { useDialog } from '@/components/dialogs';
import { saveBlob } from '@/lib/download';
import { MFA_SETUP_TEXTS } from '../texts';

/** The recovery codes of a just-enabled MFA; the server never shows them again. */
export function RecoveryCodesView({ codes }: { codes: readonly string[] }) {
  const dialog = useDialog();
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={MFA_SETUP_TEXTS.recoveryTitle}>
        {MFA_SETUP_TEXTS.recoveryOnce}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
              {copied ? MFA_SETUP_TEXTS.copied : MFA_SETUP_TEXTS.copyCodes}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          onClick={() =>
            saveBlob(new Blob([text], { type: 'text/plain' }), MFA_SETUP_TEXTS.recoveryFile)
          }
        >
          {MFA_SETUP_TEXTS.download}
        </Button>
        <Button onClick={dialog?.close}>{MFA_SETUP_TEXTS.done}</Button>
      </Group>
    </Stack>
  );
}
