import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvitationDetails } from '@netfleet/contracts';
import { BrandProvider } from '@/components/brand';
import { configureSessionHooks, resetSessionHooks } from '@/lib/session-hooks';
import { testBrand } from '@/test/fixtures';
import { errorResponse, jsonResponse, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render-page';
import { RegisterPage } from './register-page';

const TOKEN = 'tok-123';
const DETAILS = `GET /account/invitations/${TOKEN}`;
const REGISTER = `POST /account/invitations/${TOKEN}/register`;

const invitation: InvitationDetails = {
  email: 'grace@example.com',
  company_name: 'Acme',
  role_title: 'Administrator',
  inviter_email: 'ada@example.com',
  new_company: false,
};

function setup(handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const redirect = vi.fn<(location: string) => void>();
  configureSessionHooks({ redirect });
  // The page's own route pattern, so the token comes from the URL as in the app.
  const router = createMemoryRouter(
    [
      { path: '/register/:token', element: <RegisterPage /> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: [`/register/${TOKEN}`] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <BrandProvider brand={testBrand}>
          <RouterProvider router={router} />
        </BrandProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { api, redirect, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const bodyOf = (call: [string, RequestInit?] | undefined): unknown =>
  JSON.parse(String(call?.[1]?.body));

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionHooks();
});

describe('RegisterPage', () => {
  it('shows the invitation and registers with the chosen password', async () => {
    const { api, redirect, user } = setup({
      [DETAILS]: () => ok(invitation),
      [REGISTER]: () => ok({ user: {} }),
    });
    expect(await screen.findByTestId('invitation-summary')).toHaveTextContent(
      'You are invited to join Acme as Administrator by ada@example.com.',
    );
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(field('E-mail')).toHaveValue('grace@example.com');
    expect(field('E-mail')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText(/^Company name/)).not.toBeInTheDocument();

    await user.type(field('Username'), '  grace  ');
    await user.type(field('Password'), 'correct horse');
    await user.type(field('Confirm password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/'));
    expect(bodyOf(api.calls(REGISTER)[0])).toEqual({
      username: 'grace',
      password: 'correct horse',
      password_confirmation: 'correct horse',
    });
  });

  it('leaves an empty username to the server and leaves out an unknown inviter', async () => {
    const { api, user } = setup({
      [DETAILS]: () => ok({ ...invitation, inviter_email: null }),
      [REGISTER]: () => ok({ user: {} }),
    });
    expect(await screen.findByTestId('invitation-summary')).toHaveTextContent(
      /^You are invited to join Acme as Administrator\.$/,
    );
    await user.type(field('Password'), 'correct horse');
    await user.type(field('Confirm password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(api.calls(REGISTER)).toHaveLength(1));
    expect(bodyOf(api.calls(REGISTER)[0])).not.toHaveProperty('username');
  });

  it('asks a new company invitee for the company name', async () => {
    const { api, user } = setup({
      [DETAILS]: () => ok({ ...invitation, new_company: true }),
      [REGISTER]: () => ok({ user: {} }),
    });
    await screen.findByTestId('invitation-summary');
    expect(screen.getByText(/created as a subsidiary of Acme/)).toBeInTheDocument();
    await user.type(field('Password'), 'correct horse');
    await user.type(field('Confirm password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();

    await user.type(field('Company name'), 'Ab');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/at least 3/)).toBeInTheDocument();
    expect(api.calls(REGISTER)).toHaveLength(0);

    await user.type(field('Company name'), 'c Labs');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(api.calls(REGISTER)).toHaveLength(1));
    expect(bodyOf(api.calls(REGISTER)[0])).toMatchObject({ company_name: 'Abc Labs' });
  });

  it('shows a mismatched confirmation at its field without sending', async () => {
    const { api, user } = setup({ [DETAILS]: () => ok(invitation) });
    await screen.findByTestId('invitation-summary');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    // Mantine marks its password inputs with data-invalid.
    expect(field('Confirm password')).toHaveAttribute('data-invalid', 'true');
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(api.calls(REGISTER)).toHaveLength(0);
  });

  it("puts the server's errors at their fields; a refused password marks the confirmation", async () => {
    const { redirect, user } = setup({
      [DETAILS]: () => ok(invitation),
      [REGISTER]: () =>
        jsonResponse(422, {
          success: false,
          errors: [
            { code: 'VALIDATION_ERROR', message: 'Password is too common', source: 'password' },
            {
              code: 'CONFLICT',
              message: 'A user with this e-mail already exists',
              source: 'email',
            },
          ],
        }),
    });
    await screen.findByTestId('invitation-summary');
    await user.type(field('Password'), 'password');
    await user.type(field('Confirm password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password is too common')).toBeInTheDocument();
    expect(screen.getByText('A user with this e-mail already exists')).toBeInTheDocument();
    // Mantine marks its password inputs with data-invalid.
    expect(field('Confirm password')).toHaveAttribute('data-invalid', 'true');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('says when the invitation is gone and links to sign in', async () => {
    const { user } = setup({
      [DETAILS]: () => errorResponse(404, 'NOT_FOUND', 'Invitation not found or expired'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation not found or expired');
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });
});
