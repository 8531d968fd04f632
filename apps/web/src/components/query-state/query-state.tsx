import {
  Alert,
  Button,
  Center,
  Loader,
  Stack,
  Text,
  type LoaderProps,
  type MantineSpacing,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { QUERY_STATE_TEXTS as T } from './texts';

/**
 * How a QueryState shows what is not its data. The defaults suit most queries; a feature whose
 * queries all need the same other choices may keep them in one object and spread it.
 */
export interface QueryStateOptions {
  /** Heads the error alert (e.g. what failed to load); the server's message stays under it. */
  errorTitle?: string;
  /**
   * Heads the alert of a 404 instead of errorTitle. Asking again gets the same answer, so a 404
   * then offers no retry (unless canRetry says otherwise).
   */
  notFoundTitle?: string;
  /**
   * Leaves the server's message out under notFoundTitle, for a title that already says it all
   * ('Automation not found'); a generic one ('Not found') keeps the message that names the thing.
   */
  hideNotFoundMessage?: boolean;
  /**
   * Whether the alert offers Retry: a fixed answer, or one per error (e.g. not for a refusal
   * that will be the same next time). Default: yes, but not for a 404 with a notFoundTitle.
   */
  canRetry?: boolean | ((error: Error) => boolean);
  /** Shown instead of `children` for data that `isEmpty` calls empty. */
  emptyText?: ReactNode;
  /**
   * Data already shown stays when a later refresh fails (default), so a passing network blip
   * does not blank the page; false shows the error in its place.
   */
  keepDataOnError?: boolean;
  /** The loader's size: small by default, as most queries fill a part of a page or dialog. */
  loaderSize?: LoaderProps['size'];
  /** Space above and below the loader; less inside small panels and dialogs. */
  loaderPadding?: MantineSpacing;
}

export interface QueryStateProps<D> extends QueryStateOptions {
  result: UseQueryResult<D>;
  children: (data: D) => ReactNode;
  /** Data that has nothing to show (an empty list, a range without values) shows `emptyText`. */
  isEmpty?: (data: D) => boolean;
}

const isNotFound = (error: Error) => isApiError(error) && error.status === 404;

/**
 * A query's data rendered by `children`, else its loader, its error (with a retry where asking
 * again may help) or, with `isEmpty`, its empty state. One component for every feature, so
 * loading, failing and retrying look and behave the same across the console.
 */
export function QueryState<D>({
  result,
  children,
  isEmpty,
  errorTitle,
  notFoundTitle,
  hideNotFoundMessage = false,
  canRetry,
  emptyText = T.empty,
  keepDataOnError = true,
  loaderSize = 'sm',
  loaderPadding = 'xl',
}: QueryStateProps<D>) {
  if (result.isError && (result.data === undefined || !keepDataOnError)) {
    const { error } = result;
    const notFound = notFoundTitle !== undefined && isNotFound(error);
    const retry = typeof canRetry === 'function' ? canRetry(error) : (canRetry ?? !notFound);
    const message = notFound && hideNotFoundMessage ? null : <Text size="sm">{error.message}</Text>;
    // An alert without a body (a bare 404 title) must get no children, else Mantine draws one.
    const body =
      message || retry ? (
        <Stack gap="xs" align="flex-start">
          {message}
          {retry && (
            <Button size="xs" variant="light" onClick={() => void result.refetch()}>
              {T.retry}
            </Button>
          )}
        </Stack>
      ) : undefined;
    return (
      <Alert color="red" variant="light" role="alert" title={notFound ? notFoundTitle : errorTitle}>
        {body}
      </Alert>
    );
  }
  if (result.data !== undefined) {
    if (isEmpty?.(result.data)) {
      return (
        <Text c="dimmed" py="md">
          {emptyText}
        </Text>
      );
    }
    return children(result.data);
  }
  return (
    <Center py={loaderPadding}>
      <Loader size={loaderSize} aria-label={T.loading} />
    </Center>
  );
}
