// Test-only: XMLHttpRequest uploads (lib/upload) answered by a handler, with one progress event
// at half way before the answer, so tests see the bar move. jsdom's XHR would hit the network.
import { vi } from 'vitest';

export interface UploadCall {
  url: string;
  form: FormData;
  headers: Record<string, string>;
}

export interface UploadAnswer {
  status: number;
  body: unknown;
}

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

class Listeners {
  private readonly map = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.map.set(type, [...(this.map.get(type) ?? []), listener]);
  }
  emit(type: string, loaded = 0, total = 0) {
    for (const listener of this.map.get(type) ?? []) {
      listener({ lengthComputable: total > 0, loaded, total });
    }
  }
}

/** Replaces XMLHttpRequest until the test ends; `answer` decides each upload's response. */
export function stubUploads(answer: (call: UploadCall) => UploadAnswer | Promise<UploadAnswer>) {
  const calls: UploadCall[] = [];
  class FakeXhr extends Listeners {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    readonly upload = new Listeners();
    private url = '';
    private readonly headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.emit('abort');
    }
    send(form: FormData) {
      const call = { url: this.url, form, headers: this.headers };
      calls.push(call);
      void (async () => {
        await Promise.resolve();
        this.upload.emit('progress', 1, 2);
        const { status, body } = await answer(call);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.emit('load');
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { calls };
}
