// Row downloads (spec §7): GET the file as a blob, name it from Content-Disposition, retry once
// after a token refresh on 401 (the api-client's), and show a toast on any other failure.
import { notifications } from '@mantine/notifications';
import { isAbortError, isApiError, requestBlob, type Query } from './api-client';
import { LIB_TEXTS } from './texts';

export const DOWNLOAD_FAILED_MESSAGE = LIB_TEXTS.downloadFailed;

/** Long enough for every browser to have started reading the blob before it is released. */
const REVOKE_DELAY_MS = 40_000;

/** Keeps a server-given name from holding a path or control characters. */
function safeName(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed.
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '' || base === '.' || base === '..' ? null : base;
}

/** RFC 5987 `charset'lang'value`: UTF-8 through decodeURIComponent, ISO-8859-1 byte by byte. */
function decodeExtended(charset: string, encoded: string): string | null {
  if (charset.toLowerCase() === 'iso-8859-1') {
    return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** The file name of a Content-Disposition header; `filename*` wins over `filename` (RFC 6266). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^';]*)'[^';]*'([^;\s]+)/i.exec(header);
  if (extended) {
    const decoded = decodeExtended(extended[1] ?? '', extended[2] ?? '');
    const name = decoded === null ? null : safeName(decoded);
    if (name) return name;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  if (!plain) return null;
  const value = plain[1] === undefined ? (plain[2] ?? '') : plain[1].replace(/\\(.)/g, '$1');
  return safeName(value);
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

export interface DownloadOptions {
  query?: Query;
  /** '/api' by default. */
  base?: string;
  /** Used when the response names no file; else the path's last segment. */
  filename?: string;
  signal?: AbortSignal;
}

/** Downloads `path`; resolves true once saved, false after a failure (already shown as a toast). */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<boolean> {
  const { filename, ...request } = options;
  try {
    const response = await requestBlob(path, request);
    const blob = await response.blob();
    const name =
      filenameFromDisposition(response.headers.get('Content-Disposition')) ??
      (filename ? safeName(filename) : null) ??
      safeName(path.split('?')[0] ?? '') ??
      'download';
    saveBlob(blob, name);
    return true;
  } catch (error) {
    // A cancelled download (route change) is not a failure to report.
    if (!isAbortError(error)) {
      notifications.show({
        color: 'red',
        message: isApiError(error) ? error.message : DOWNLOAD_FAILED_MESSAGE,
      });
    }
    return false;
  }
}
