import { Alert, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSftpList } from '../api/get-sftp-list';
import { sftpUrl } from '../paths';
import { CONNECT_TEXTS } from '../texts';
import { SftpBreadcrumbs } from './sftp-breadcrumbs';
import { SftpTable } from './sftp-table';
import { SftpToolbar } from './sftp-toolbar';
import { UploadProgress } from './upload-progress';
import { useSftpActions } from './use-sftp-actions';
import { useSftpUploads } from './use-sftp-uploads';

interface SftpBrowserProps {
  sessionId: number;
  /** The folder it opens in. */
  start: string;
}

/** The device's files over the session's SFTP login: browse, upload, download, rename, delete. */
export function SftpBrowser({ sessionId, start }: SftpBrowserProps) {
  const [path, setPath] = useState(start);
  const [error, setError] = useState<string | null>(null);
  const list = useSftpList(sessionId, path);
  const actions = useSftpActions(sessionId, path, setError);
  const { uploads, start: upload, clearFinished } = useSftpUploads(sessionId);
  const open = (next: string) => {
    setError(null);
    setPath(next);
  };

  return (
    <Stack p="md" gap="sm" aria-label={CONNECT_TEXTS.files} component="section">
      <Group justify="space-between" align="center">
        <SftpBreadcrumbs path={path} onNavigate={open} />
        <SftpToolbar
          onUpload={(files) => upload(files, path)}
          onNewFolder={() => void actions.newFolder()}
          onRefresh={() => void list.refetch()}
        />
      </Group>
      {error !== null && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      {list.error && (
        <Alert color="red" variant="light" role="alert">
          {list.error.message}
        </Alert>
      )}
      <UploadProgress uploads={uploads} onClearFinished={clearFinished} />
      <SftpTable
        entries={list.data}
        loading={list.isPending}
        downloadUrl={(entry) => sftpUrl(sessionId, 'file', { path: entry.path })}
        onOpen={(entry) => open(entry.path)}
        onRename={(entry) => void actions.rename(entry)}
        onDelete={(entry) => void actions.remove(entry)}
      />
    </Stack>
  );
}
