import { ActionIcon, Button, Fieldset, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { AUTOMATION_MAX_ACTIONS, type AutomationActionName } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { errorMessage, pathOf } from '../model/field-errors';
import { ACTIONS, ADDABLE_ACTIONS, newAction, type RuleFormInput } from '../model/rule-form';
import { ACTION_LABELS, AUTOMATIONS_TEXTS as T } from '../texts';
import { ActionOptions } from './action-options';

/** What the rule does when it fires: up to 10 actions, in order. */
export function ActionList() {
  const user = useCurrentUser();
  const { control, formState } = useFormContext<RuleFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: ACTIONS });
  const listError = errorMessage(formState.errors, ACTIONS);

  return (
    <Stack gap="sm">
      <div>
        <Title order={4}>{T.actions}</Title>
        <Text size="sm" c="dimmed">
          {T.actionsHint}
        </Text>
      </div>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {T.noActions}
        </Text>
      )}
      {fields.map((field, index) => {
        const label = ACTION_LABELS[field.name as AutomationActionName] ?? field.name;
        const nameError = errorMessage(
          formState.errors,
          pathOf<RuleFormInput>(ACTIONS, index, 'name'),
        );
        return (
          <Fieldset key={field.id} legend={T.action(index, label)} variant="filled" p="sm">
            <Group align="flex-start" wrap="nowrap">
              <Stack gap="xs" style={{ flex: 1 }}>
                <ActionOptions index={index} name={field.name} />
                {nameError && (
                  <Text size="sm" c="red" role="alert">
                    {nameError}
                  </Text>
                )}
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={T.removeAction(index)}
                onClick={() => remove(index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Fieldset>
        );
      })}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Menu position="bottom-start">
          <Menu.Target>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              disabled={fields.length >= AUTOMATION_MAX_ACTIONS}
            >
              {T.addAction}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ADDABLE_ACTIONS.map((name) => (
              <Menu.Item key={name} onClick={() => append(newAction(name, user))}>
                {ACTION_LABELS[name]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
}
