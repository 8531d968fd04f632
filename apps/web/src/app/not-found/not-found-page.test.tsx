import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render-page';
import { NOT_FOUND_TEXTS, NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('renders without a session, with ways to the start page and to sign in', () => {
    renderPage(<NotFoundPage />, { path: '/404' });
    expect(screen.getByRole('heading', { name: NOT_FOUND_TEXTS.title })).toBeVisible();
    expect(screen.getByRole('link', { name: NOT_FOUND_TEXTS.start })).toHaveAttribute(
      'href',
      '/management/devices',
    );
    expect(screen.getByRole('link', { name: NOT_FOUND_TEXTS.signIn })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
