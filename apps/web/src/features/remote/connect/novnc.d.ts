// @novnc/novnc ships no types: what the desktop screen uses of its RFB client (docs/API.md).
declare module '@novnc/novnc' {
  export interface RfbCredentials {
    username?: string;
    password?: string;
    target?: string;
  }

  interface RfbEventDetails {
    connect: undefined;
    disconnect: { clean: boolean };
    credentialsrequired: { types: (keyof RfbCredentials)[] };
    securityfailure: { status: number; reason?: string };
  }

  export type RfbEvent<K extends keyof RfbEventDetails> = CustomEvent<RfbEventDetails[K]>;

  class RFB {
    constructor(
      target: HTMLElement,
      urlOrChannel: string | WebSocket,
      options?: { shared?: boolean; credentials?: RfbCredentials; wsProtocols?: string[] },
    );
    scaleViewport: boolean;
    resizeSession: boolean;
    background: string;
    addEventListener<K extends keyof RfbEventDetails>(
      type: K,
      listener: (event: RfbEvent<K>) => void,
    ): void;
    disconnect(): void;
    sendCredentials(credentials: RfbCredentials): void;
    sendCtrlAltDel(): void;
    focus(options?: FocusOptions): void;
  }

  // eslint-disable-next-line no-restricted-syntax -- the package's own export is a default one.
  export default RFB;
}
