import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormRegistryProvider } from './form-registry';
import { GenericFormPage } from './generic-form-page';
import { formOf, renderWithForms } from './test-utils';
import type { FormDefinition } from './types';

vi.mock('@/components/form-submit', () => import('./test-form-submit'));

function renderPage(route: string, forms: Record<string, FormDefinition>) {
  return renderWithForms(
    <FormRegistryProvider forms={forms}>
      <GenericFormPage />
    </FormRegistryProvider>,
    { route, path: '/forms/:name/:id?' },
  );
}

describe('GenericFormPage', () => {
  it('shows an empty state with a way back for an unknown form', () => {
    renderPage('/forms/nope', { tag: formOf([{ key: 'name', label: 'Name' }]) });
    expect(screen.getByText('Form not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('does not treat inherited object keys as forms', () => {
    renderPage('/forms/constructor', {});
    expect(screen.getByText('Form not found')).toBeInTheDocument();
  });

  it('denies a form whose permission the user lacks', () => {
    renderPage('/forms/secret', {
      secret: formOf([{ key: 'name', label: 'Name' }], { permission: 'super_admin' }),
    });
    expect(screen.getByText('Access denied')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('loads the starting values of the record in the route, showing progress meanwhile', async () => {
    let resolve: (values: Record<string, unknown>) => void = () => undefined;
    const initialValues = vi.fn(
      () => new Promise<Record<string, unknown>>((done) => (resolve = done)),
    );
    renderPage('/forms/tag/5', {
      tag: formOf([{ key: 'name', label: 'Name' }], { title: 'Edit tag', initialValues }),
    });
    expect(screen.getByRole('heading', { name: 'Edit tag' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading form')).toBeInTheDocument();
    expect(initialValues).toHaveBeenCalledWith('5');
    resolve({ name: 'Office' });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Office'));
  });

  it('shows why the starting values could not be loaded', async () => {
    renderPage('/forms/tag/5', {
      tag: formOf([{ key: 'name', label: 'Name' }], {
        initialValues: () => Promise.reject(new Error('boom')),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the form');
  });
});
