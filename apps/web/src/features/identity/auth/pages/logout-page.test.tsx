import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, mockApi, ok } from '@/test/mock-api';
import { renderAuthPage } from '../test-utils';
import { LogoutPage } from './logout-page';

describe('LogoutPage', () => {
  it('ends the session once and offers to sign in again', async () => {
    const { calls } = mockApi({ 'POST /account/logout': () => ok({ location: '/login' }) });
    renderAuthPage(<LogoutPage />, { path: '/logout' });
    expect(await screen.findByText('You have been signed out')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
    expect(calls('POST /account/logout')).toHaveLength(1);
  });

  it('shows a failure with a retry', async () => {
    mockApi({ 'POST /account/logout': () => errorResponse(503, 'UNAVAILABLE', 'Server is down') });
    renderAuthPage(<LogoutPage />, { path: '/logout' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server is down');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
