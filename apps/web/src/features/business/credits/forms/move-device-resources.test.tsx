import { DEVICE_CREDIT_MOVE_MESSAGES } from '@netfleet/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchemaForm } from '@/components/schema-form';
import { jsonResponse } from '@/test/mock-api';
import { roleUser } from '@/test/fixtures';
import { lastBody, listOk, renderWithSession } from '../test-utils';
import { moveDeviceResourcesForm } from './move-device-resources';

const MOVE = 'POST /api/devices/credits/move';

function renderForm(answer: () => Response) {
  return renderWithSession(<SchemaForm definition={moveDeviceResourcesForm} />, {
    url: '/',
    path: '/',
    user: roleUser('admin'),
    api: {
      'GET /api/devices': () =>
        listOk([
          { id: 7, name: 'Old router' },
          { id: 9, name: 'New router' },
        ]),
      [MOVE]: answer,
    },
  });
}

async function choose(view: ReturnType<typeof renderForm>, label: string, option: string) {
  await view.user.click(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  await view.user.click(await screen.findByRole('option', { name: option }));
}

describe('move-device-resources', () => {
  it('sends the two devices and says it is done', async () => {
    const view = renderForm(() =>
      jsonResponse(200, {
        success: true,
        data: {
          source_device_id: 7,
          target_device_id: 9,
          credit_type_id: 6,
          credit_expire_date: '2027-01-01 00:00:00',
        },
      }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(view.calls(MOVE)).toHaveLength(0);

    await choose(view, 'From device', 'Old router');
    await choose(view, 'To device', 'New router');
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.calls(MOVE)).toHaveLength(1));
    expect(lastBody(view.calls, MOVE)).toEqual({ source_device_id: 7, target_device_id: 9 });
    expect(await screen.findByText(/moved successfully/i)).toBeInTheDocument();
  });

  it("shows the server's refusal under the field it names", async () => {
    const view = renderForm(() =>
      jsonResponse(422, {
        success: false,
        errors: [
          {
            code: 'VALIDATION_ERROR',
            message: DEVICE_CREDIT_MOVE_MESSAGES.targetActive,
            source: 'target_device_id',
          },
        ],
      }),
    );
    await choose(view, 'From device', 'Old router');
    await choose(view, 'To device', 'New router');
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    const message = await screen.findByText(DEVICE_CREDIT_MOVE_MESSAGES.targetActive);
    const field = screen.getByLabelText(/^To device/, { selector: 'input' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(message.id).not.toBe('');
    expect(field.getAttribute('aria-describedby') ?? '').toContain(message.id);
  });
});
