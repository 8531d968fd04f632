import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { roleUser } from '@/test/fixtures';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderAccountPage } from '../test-utils';

const TOKENS = 'GET /api/user/tokens';
const CHANGE = 'PUT /account/password';

function failure(status: number, code: string, message: string, source: string | null) {
  return jsonResponse(status, { success: false, errors: [{ code, message, source }] });
}

function passwordSection() {
  return screen.getByRole('region', { name: 'Password' });
}

async function fill(current: string, next: string, confirmation = next) {
  const user = userEvent.setup();
  const section = passwordSection();
  await user.type(within(section).getByLabelText(/Current password/), current);
  await user.type(within(section).getByLabelText(/^New password/), next);
  await user.type(within(section).getByLabelText(/Confirm new password/), confirmation);
  await user.click(within(section).getByRole('button', { name: 'Change password' }));
}

describe('AccountPage password', () => {
  it('changes the password, says other sessions ended and empties the form', async () => {
    const { calls } = mockApi({ [TOKENS]: () => ok([]), [CHANGE]: () => ok(null) });
    renderAccountPage(roleUser('admin'));
    await fill('old-password', 'new-password-1');

    expect(
      await screen.findByText('Password changed. Other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(calls(CHANGE)[0]?.[1]?.body))).toEqual({
      current_password: 'old-password',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    const section = passwordSection();
    await waitFor(() => expect(within(section).getByLabelText(/Current password/)).toHaveValue(''));
    expect(within(section).getByLabelText(/^New password/)).toHaveValue('');
    expect(within(section).getByLabelText(/Confirm new password/)).toHaveValue('');
  });

  it('checks length and confirmation before sending anything', async () => {
    const { calls } = mockApi({ [TOKENS]: () => ok([]) });
    renderAccountPage(roleUser('admin'));
    await fill('old-password', 'short', 'shorter');
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls(CHANGE)).toHaveLength(0);
  });

  it('shows a wrong current password under that field', async () => {
    mockApi({
      [TOKENS]: () => ok([]),
      [CHANGE]: () =>
        failure(422, 'CONFIRMATION_FAILED', 'The password is incorrect', 'current_password'),
    });
    renderAccountPage(roleUser('admin'));
    await fill('wrong-password', 'new-password-1');
    const field = within(passwordSection()).getByLabelText(/Current password/);
    await waitFor(() => expect(field).toHaveAccessibleDescription('The password is incorrect'));
    expect(within(passwordSection()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts a refused new password under its field and marks the confirmation', async () => {
    mockApi({
      [TOKENS]: () => ok([]),
      [CHANGE]: () => failure(422, 'VALIDATION_ERROR', 'This password is too common', 'password'),
    });
    renderAccountPage(roleUser('admin'));
    await fill('old-password', 'password123');
    const section = passwordSection();
    await waitFor(() =>
      expect(within(section).getByLabelText(/^New password/)).toHaveAccessibleDescription(
        'This password is too common',
      ),
    );
    // Marked red, without repeating the message.
    const confirmation = within(section).getByLabelText(/Confirm new password/);
    expect(confirmation).toHaveAttribute('data-invalid', 'true');
    expect(confirmation).not.toHaveAccessibleDescription();
  });

  it('shows other failures under the form', async () => {
    mockApi({
      [TOKENS]: () => ok([]),
      [CHANGE]: () => failure(503, 'SERVICE_UNAVAILABLE', 'Try again later', null),
    });
    renderAccountPage(roleUser('admin'));
    await fill('old-password', 'new-password-1');
    expect(await within(passwordSection()).findByRole('alert')).toHaveTextContent(
      'Try again later',
    );
  });

  it('is hidden while someone impersonates the user', () => {
    mockApi({ [TOKENS]: () => ok([]) });
    renderAccountPage(roleUser('admin', { isImpersonating: true }));
    const section = passwordSection();
    expect(section).toHaveTextContent('Only the account owner can change the password.');
    expect(within(section).queryByLabelText(/Current password/)).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
