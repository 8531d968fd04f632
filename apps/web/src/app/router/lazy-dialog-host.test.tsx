import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { dialogs } from '@/components/dialogs';
import { AppProviders } from '@/app/providers';
import { createTestQueryClient } from '@/test/render-page';
import { testBrand } from '@/test/fixtures';
import { LazyDialogHost } from './lazy-dialog-host';

afterEach(() => {
  act(() => dialogs.closeAll());
});

describe('LazyDialogHost', () => {
  it('keeps the dialog that made it mount, also under StrictMode (development)', async () => {
    render(
      <StrictMode>
        <AppProviders brand={testBrand} queryClient={createTestQueryClient()} env="test">
          <LazyDialogHost />
        </AppProviders>
      </StrictMode>,
    );
    act(() => dialogs.open({ id: 'hello', title: 'Hello', content: <p>world</p> }));
    expect(await screen.findByRole('dialog', { name: 'Hello' })).toHaveTextContent('world');
  });
});
