import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import type * as SocketIoClient from 'socket.io-client';
import { afterEach, vi } from 'vitest';
import { dialogs } from '@/components/dialogs/dialog-store';

// findBy/waitFor resolve as soon as they match: a longer limit only delays real failures, and
// keeps two test workers on two busy cores from failing on a slow render.
configure({ asyncUtilTimeout: 5000 });

// No test talks to a real socket.io server: the app's own connection gets a disconnected fake.
// Tests that follow events pass their own FakeSocket to RealtimeProvider.
vi.mock('socket.io-client', async (importOriginal) => {
  const { FakeSocket } = await import('./fake-socket');
  return {
    ...(await importOriginal<typeof SocketIoClient>()),
    io: () => new FakeSocket({ connected: false }).asSocket(),
  };
});

// jsdom has neither; Mantine needs both (STACK.md §5).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  // Plain functions, not vi.fn(): restoreMocks would strip a mock's implementation between tests.
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom lacks these: Mantine's combobox scrolls the selected option into view, and its autosized
// textarea listens to document.fonts.
Element.prototype.scrollIntoView ??= () => undefined;
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => {
  // The dialog store lives outside React: a dialog left open must not meet the next test.
  act(() => dialogs.closeAll());
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
