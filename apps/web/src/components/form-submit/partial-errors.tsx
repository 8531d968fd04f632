import { List, Stack, Text } from '@mantine/core';
import { errorItemSchema, type ErrorItem } from '@netfleet/contracts';
import type { ApiResponse } from '@/lib/api-client';
import { translateValidation } from '@/lib/messages/validation';
import { PARTIAL_TEXTS } from './texts';

const errorItemsSchema = errorItemSchema.array();

/** The `errors[]` of a 207 answer: what was not done although the request succeeded. */
export function partialErrors(response: ApiResponse<unknown>): ErrorItem[] {
  const parsed = errorItemsSchema.safeParse((response as { errors?: unknown }).errors);
  return parsed.success ? parsed.data : [];
}

/**
 * A warning toast's body: what was done, then each item that was not with the server's reason.
 * `describeSource` names the item an error's `source` points at (a user id → its e-mail).
 */
export function PartialErrorList(props: {
  done: string;
  errors: readonly ErrorItem[];
  describeSource: (source: string) => string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm">{PARTIAL_TEXTS.except(props.done)}</Text>
      <List size="sm">
        {props.errors.map((error, index) => (
          <List.Item key={`${index}-${error.source ?? ''}`}>
            {error.source === null
              ? translateValidation(error.message)
              : `${props.describeSource(error.source)}: ${translateValidation(error.message)}`}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
