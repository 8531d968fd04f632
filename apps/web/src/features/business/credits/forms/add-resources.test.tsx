import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchemaForm } from '@/components/schema-form';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { creditTypesFor, lastBody, listOk, pool, renderWithSession } from '../test-utils';
import { addResourcesForm } from './add-resources';

function renderForm() {
  return renderWithSession(<SchemaForm definition={addResourcesForm} />, {
    url: '/',
    path: '/',
    user: roleUser('super_admin'),
    api: {
      'GET /api/credits/types': () => listOk(creditTypesFor(true)),
      'GET /api/companies': () => listOk([{ id: 5, name: 'Beta' }]),
      'POST /api/credits': () => jsonResponse(201, { success: true, data: pool() }),
    },
  });
}

const picker = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

async function choose(view: ReturnType<typeof renderForm>, label: string, option: string) {
  await view.user.click(picker(label));
  await view.user.click(await screen.findByRole('option', { name: option }));
}

describe('add-resources', () => {
  it('asks no price or pro forma number for a free type', async () => {
    const view = renderForm();
    await choose(view, 'Resource type', 'Free Management 1 year');
    await view.user.type(screen.getByLabelText(/^Count/), '10');
    await choose(view, 'Company', 'Beta');
    expect(screen.queryByLabelText(/^Price per credit/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Pro forma number/)).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('POST /api/credits')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/credits')).toEqual({
      credit_type_id: 5,
      credit_count: 10,
      company_id: 5,
    });
  });

  it('requires both for a paid type and sends them', async () => {
    const view = renderForm();
    await choose(view, 'Resource type', 'Paid Management 1 year');
    await view.user.type(screen.getByLabelText(/^Count/), '10');
    await choose(view, 'Company', 'Beta');
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(view.calls('POST /api/credits')).toHaveLength(0);

    await view.user.type(screen.getByLabelText(/^Price per credit/), '12.5');
    await view.user.type(screen.getByLabelText(/^Pro forma number/), 'PF-2026-7');
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls('POST /api/credits')).toHaveLength(1));
    expect(lastBody(view.calls, 'POST /api/credits')).toEqual({
      credit_type_id: 6,
      credit_count: 10,
      company_id: 5,
      credit_price: 12.5,
      pro_form_nr: 'PF-2026-7',
    });
    expect(await screen.findByText('Resources added successfully')).toBeInTheDocument();
  });
});
