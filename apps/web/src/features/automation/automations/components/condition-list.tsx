import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { AUTOMATION_MAX_ATOMS } from '@netfleet/contracts';
import { errorMessage, pathOf } from '../model/field-errors';
import { EXPRESSION, newAtom, type RuleFormInput } from '../model/rule-form';
import { AUTOMATIONS_TEXTS as T } from '../texts';
import { ConditionRow } from './condition-row';

/** The top condition's atoms (up to 4), each joined to the next with AND or OR. */
export function ConditionList() {
  const { control, formState, setValue, getValues } = useFormContext<RuleFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: EXPRESSION });
  const nested = useWatch({ control, name: 'conditions_body.0.conditions' });
  const listError =
    errorMessage(formState.errors, EXPRESSION) ?? errorMessage(formState.errors, 'conditions_body');
  const joinAt = (index: number) => pathOf<RuleFormInput>(EXPRESSION, index, 'joins_with');

  return (
    <Stack gap="sm">
      <div>
        <Title order={4}>{T.conditions}</Title>
        <Text size="sm" c="dimmed">
          {T.conditionsHint}
        </Text>
      </div>
      {fields.map((field, index) => (
        <ConditionRow
          key={field.id}
          index={index}
          last={index === fields.length - 1}
          onRemove={
            fields.length > 1
              ? () => {
                  // The new last condition joins nothing.
                  if (index === fields.length - 1 && index > 0)
                    setValue(joinAt(index - 1), undefined as never);
                  remove(index);
                }
              : undefined
          }
        />
      ))}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={fields.length >= AUTOMATION_MAX_ATOMS}
          onClick={() => {
            // The condition before the new one joins it; AND unless the user says otherwise.
            const previous = joinAt(fields.length - 1);
            if (fields.length > 0 && !getValues(previous)) setValue(previous, '&&' as never);
            append(newAtom());
          }}
        >
          {T.addCondition}
        </Button>
      </Group>
      {nested && nested.length > 0 && (
        <Alert color="blue" variant="light">
          {T.nested}
        </Alert>
      )}
    </Stack>
  );
}
