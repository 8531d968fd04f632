// Test-only: renders a SchemaForm with what it needs (Mantine in test mode, toasts, a query client
// holding the signed-in user, a router) and stubs the API.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { Permission } from '@netfleet/contracts';
import { currentUserQueryKey } from '@/lib/current-user';
import { roleUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render-page';
import { SchemaForm } from './schema-form';
import type { FormDefinition, SchemaFormProps } from './types';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

interface RenderOptions {
  permissions?: Permission[];
  route?: string;
  path?: string;
}

export function renderWithForms(
  ui: ReactElement,
  { permissions = [], route = '/', path = '/' }: RenderOptions = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, roleUser('admin', { permissions }));
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient, user: userEvent.setup() };
}

export function renderSchemaForm(
  definition: FormDefinition,
  props: Omit<SchemaFormProps, 'definition'> & { permissions?: Permission[] } = {},
) {
  const { permissions, ...formProps } = props;
  return renderWithForms(<SchemaForm definition={definition} {...formProps} />, { permissions });
}

/** A minimal definition posting to /things. */
export function formOf(
  fields: FormDefinition['fields'],
  extra: Partial<FormDefinition> = {},
): FormDefinition {
  return { name: 'thing', title: 'New thing', url: '/things', fields, ...extra };
}

/** The JSON body of a captured fetch call. */
export function jsonBody(call: unknown[] | undefined): unknown {
  const init = call?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/** Mantine's FileInput is a button; the file input it opens is hidden next to it. */
export function hiddenFileInput(name: string): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>(`input[type="file"][name="${name}"]`);
  if (!input) throw new Error(`No file input named ${name}`);
  return input;
}
