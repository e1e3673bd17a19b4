import type { FakeReply } from './fake-fetch';

/** One request sent through the fake XMLHttpRequest; the test drives its progress and its answer. */
export interface FakeUploadRequest {
  method: string;
  url: string;
  body: unknown;
  withCredentials: boolean;
  /** `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void;
  /** Every byte sent: the server is now working on it. */
  sent(): void;
  respond(reply: FakeReply): void;
  failNetwork(): void;
}

type Handler = ((event: ProgressEvent) => void) | null;

/**
 * Installs a stand-in for XMLHttpRequest (web-kit's `uploadWithProgress`) and returns the requests
 * sent through it, in order; jsdom's own would try to reach a server. Restored by `jest.restoreAllMocks`.
 */
export function installFakeUpload(): FakeUploadRequest[] {
  const requests: FakeUploadRequest[] = [];
  class FakeXMLHttpRequest {
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    onload: Handler = null;
    onerror: Handler = null;
    readonly upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
    private method = '';
    private url = '';

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    send(body: unknown) {
      const event = (init: ProgressEventInit = {}) => new ProgressEvent('progress', init);
      requests.push({
        method: this.method,
        url: this.url,
        body,
        withCredentials: this.withCredentials,
        progress: (loaded, total) => this.upload.onprogress?.(event({ lengthComputable: true, loaded, total })),
        sent: () => this.upload.onload?.(event()),
        respond: ({ status = 200, statusText = '', body: answer }) => {
          this.status = status;
          this.statusText = statusText;
          this.responseText = answer === undefined ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer);
          this.onload?.(event());
        },
        failNetwork: () => this.onerror?.(event()),
      });
    }
  }
  jest.spyOn(globalThis, 'XMLHttpRequest').mockImplementation(() => new FakeXMLHttpRequest() as unknown as XMLHttpRequest);
  return requests;
}
