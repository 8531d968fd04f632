// Spec §2 "Modal dialogs by name: text, JSON viewer": a long text or a JSON document in a
// maximisable dialog, monospaced, with copy and download, instead of squeezed into a table cell.
import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  ScrollArea,
  Stack,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { saveBlob } from '@/lib/download';
import { VIEWER_TEXTS } from './texts';
import type { DialogOptions } from './types';

export { VIEWER_TEXTS };

export interface TextViewerProps {
  title: string;
  text: string;
  /** The download's file name; a name from the title when absent. */
  filename?: string;
}

export interface JsonViewerProps {
  title: string;
  /** A value to show as JSON, or JSON text (pretty-printed when it parses). */
  value: unknown;
  filename?: string;
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'document';

/** JSON text pretty-printed, any other value as JSON; text that is not JSON stays as it is. */
export function prettyJson(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value, null, 2) ?? String(value);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

function Viewer({ title, text, filename, type }: Required<TextViewerProps> & { type: string }) {
  return (
    <Stack gap="sm">
      <Group justify="flex-end" gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? VIEWER_TEXTS.copied : VIEWER_TEXTS.copy} withArrow>
              <ActionIcon variant="default" size="lg" aria-label={VIEWER_TEXTS.copy} onClick={copy}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => saveBlob(new Blob([text], { type }), filename)}
        >
          {VIEWER_TEXTS.download}
        </Button>
      </Group>
      <ScrollArea.Autosize mah="65vh" type="auto">
        <Code
          block
          role="document"
          aria-label={VIEWER_TEXTS.document(title)}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {text}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}

let lastId = 0;

/** A long text (a task's output, a mail body...). */
export function textViewerDialog({ title, text, filename }: TextViewerProps): DialogOptions {
  lastId += 1;
  return {
    id: `text-viewer-${lastId}`,
    title,
    size: 'xl',
    maximizable: true,
    content: (
      <Viewer
        title={title}
        text={text}
        filename={filename ?? `${slug(title)}.txt`}
        type="text/plain"
      />
    ),
  };
}

/** A JSON document, pretty-printed. */
export function jsonViewerDialog({ title, value, filename }: JsonViewerProps): DialogOptions {
  lastId += 1;
  return {
    id: `json-viewer-${lastId}`,
    title,
    size: 'xl',
    maximizable: true,
    content: (
      <Viewer
        title={title}
        text={prettyJson(value)}
        filename={filename ?? `${slug(title)}.json`}
        type="application/json"
      />
    ),
  };
}
