import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createTestQueryClient } from '@/test/render-page';
import { QueryState, type QueryStateOptions } from './query-state';
import { QUERY_STATE_TEXTS as T } from './texts';

type Fetch = () => Promise<string[]>;
type ItemsProps = QueryStateOptions & { fetch: Fetch; isEmpty?: (items: string[]) => boolean };

function Items({ fetch, isEmpty, ...options }: ItemsProps) {
  const result = useQuery({ queryKey: ['items'], queryFn: fetch });
  return (
    <QueryState result={result} isEmpty={isEmpty} {...options}>
      {(items) => <p>{items.join(', ')}</p>}
    </QueryState>
  );
}

function renderItems(props: ItemsProps) {
  const client = createTestQueryClient();
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <Items {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, client, user: userEvent.setup() };
}

const notFound = () => Promise.reject(new ApiError(404, 'Not Found', [], 'Template 9 not found'));

describe('QueryState', () => {
  it('shows a loader, then the data', async () => {
    let resolve: (items: string[]) => void = () => {};
    renderItems({ fetch: () => new Promise((done) => (resolve = done)) });
    expect(screen.getByLabelText(T.loading)).toBeInTheDocument();
    act(() => resolve(['a', 'b']));
    expect(await screen.findByText('a, b')).toBeInTheDocument();
    expect(screen.queryByLabelText(T.loading)).toBeNull();
  });

  it('shows an error with a retry that asks again', async () => {
    const fetch = vi.fn<Fetch>().mockRejectedValueOnce(new Error('Boom')).mockResolvedValue(['a']);
    const view = renderItems({ fetch, errorTitle: 'Failed to load' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load');
    expect(alert).toHaveTextContent('Boom');
    await view.user.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByText('a')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('titles a 404 with notFoundTitle, keeps the message and offers no retry', async () => {
    renderItems({ fetch: notFound, notFoundTitle: 'Not found' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not found');
    expect(alert).toHaveTextContent('Template 9 not found');
    expect(screen.queryByRole('button', { name: T.retry })).toBeNull();
  });

  it('shows only the title of a 404 with hideNotFoundMessage', async () => {
    renderItems({
      fetch: notFound,
      notFoundTitle: 'Template not found',
      hideNotFoundMessage: true,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Template not found$/);
    expect(screen.queryByRole('button', { name: T.retry })).toBeNull();
  });

  it('retries a 404 without notFoundTitle, and follows canRetry', async () => {
    const first = renderItems({ fetch: notFound });
    expect(await screen.findByRole('button', { name: T.retry })).toBeInTheDocument();
    first.unmount();

    const refusal = (error: Error) => error instanceof ApiError && error.status < 500;
    const second = renderItems({ fetch: notFound, canRetry: (error) => !refusal(error) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Template 9 not found');
    expect(screen.queryByRole('button', { name: T.retry })).toBeNull();
    second.unmount();

    renderItems({ fetch: () => Promise.reject(new Error('Boom')), canRetry: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    expect(screen.queryByRole('button', { name: T.retry })).toBeNull();
  });

  it('keeps the data shown when a refresh fails, unless keepDataOnError is false', async () => {
    const failingRefresh = () =>
      vi.fn<Fetch>().mockResolvedValueOnce(['a']).mockRejectedValue(new Error('Boom'));

    const kept = renderItems({ fetch: failingRefresh() });
    expect(await screen.findByText('a')).toBeInTheDocument();
    await act(() => kept.client.refetchQueries());
    await waitFor(() => expect(kept.client.getQueryState(['items'])?.status).toBe('error'));
    expect(screen.getByText('a')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    kept.unmount();

    const replaced = renderItems({ fetch: failingRefresh(), keepDataOnError: false });
    expect(await screen.findByText('a')).toBeInTheDocument();
    await act(() => replaced.client.refetchQueries());
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    expect(screen.queryByText('a')).toBeNull();
  });

  it('shows emptyText for data that isEmpty calls empty', async () => {
    const isEmpty = (items: string[]) => items.length === 0;
    const first = renderItems({ fetch: () => Promise.resolve([]), isEmpty });
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    first.unmount();

    renderItems({ fetch: () => Promise.resolve([]), isEmpty, emptyText: 'No data for this range' });
    expect(await screen.findByText('No data for this range')).toBeInTheDocument();
  });
});
