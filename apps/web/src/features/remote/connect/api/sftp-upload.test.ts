import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES } from '@netfleet/contracts';
import { writeCookie } from '@/lib/cookies';
import { mockApi, ok } from '@/test/mock-api';
import { connectSession } from '../test-utils';
import { uploadSftpFile } from './sftp-upload';

type Listener = (event: ProgressEvent) => void;

/** Records the request; the test answers it. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  body: FormData | null = null;
  readonly headers: Record<string, string> = {};
  private readonly listeners = new Map<string, Listener>();
  private readonly uploadListeners = new Map<string, Listener>();
  readonly upload = {
    addEventListener: (type: string, listener: Listener) =>
      this.uploadListeners.set(type, listener),
  };

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, listener);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.listeners.get('abort')?.(new ProgressEvent('abort'));
  }
  progress(loaded: number, total: number) {
    this.uploadListeners.get('progress')?.(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.listeners.get('load')?.(new ProgressEvent('load'));
  }
}

const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
function lastXhr(): FakeXhr {
  const xhr = FakeXhr.instances.at(-1);
  if (!xhr) throw new Error('No request was sent');
  return xhr;
}

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadSftpFile', () => {
  it('posts the file with the api-client’s headers and reports its progress', async () => {
    writeCookie(COOKIES.xsrf, 'token-1');
    const onProgress = vi.fn();
    const done = uploadSftpFile(5, '/root/etc', file, onProgress);

    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/connect/sessions/5/sftp/upload?path=%2Froot%2Fetc');
    expect(xhr.headers['x-xsrf-token']).toBe('token-1');
    expect(xhr.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(xhr.body?.get('file')).toBeInstanceOf(File);
    expect((xhr.body?.get('file') as File).name).toBe('hello.txt');

    xhr.progress(2, 5);
    expect(onProgress).toHaveBeenLastCalledWith(0.4);
    xhr.answer(200, { success: true, data: null });
    await expect(done).resolves.toBeUndefined();
  });

  it('rejects with the server’s message', async () => {
    const done = uploadSftpFile(5, '/root', file, vi.fn());
    lastXhr().answer(413, {
      success: false,
      errors: [{ code: 'TOO_LARGE', message: 'The file is too large', source: null }],
    });
    await expect(done).rejects.toMatchObject({ status: 413, message: 'The file is too large' });
  });

  it('refreshes an expired access token through the api-client and sends once more', async () => {
    const { calls } = mockApi({
      'GET /api/devices/connect/sessions/5': () => ok(connectSession()),
    });
    const done = uploadSftpFile(5, '/root', file, vi.fn());
    lastXhr().answer(401, {
      success: false,
      errors: [{ code: 'UNAUTHORIZED', message: 'Unauthorized', source: null }],
    });
    await vi.waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(calls('GET /api/devices/connect/sessions/5')).toHaveLength(1);
    lastXhr().answer(200, { success: true, data: null });
    await expect(done).resolves.toBeUndefined();
  });

  it('is cancelled with its signal', async () => {
    const controller = new AbortController();
    const done = uploadSftpFile(5, '/root', file, vi.fn(), controller.signal);
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
