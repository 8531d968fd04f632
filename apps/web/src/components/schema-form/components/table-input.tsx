// Rows of sub-fields (props.columns); each cell is validated like a field of its own and shows its
// own errors, a server error naming the cell (`ports.1.port`) included.
import { ActionIcon, Button, Input, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { get, useFieldArray, useFormContext, useFormState, type FieldError } from 'react-hook-form';
import { readTableInputOptions } from '../component-options';
import { FieldLabel } from '../field-chrome';
import { TypedField } from '../fields/typed-field';
import { SCHEMA_FORM_TEXTS as TEXTS } from '../texts';
import type { FieldDefinition, FormValues } from '../types';
import type { SchemaFieldProps } from '../use-schema-field';
import { emptyValue } from '../values';
import { moveOnEnter } from './table-keys';

// A cell's error grows its row: inputs stay lined up at the top.
const CELL_STYLE = { verticalAlign: 'top' } as const;

const emptyRow = (columns: readonly FieldDefinition[]): FormValues =>
  Object.fromEntries(columns.map((column) => [column.key, column.default ?? emptyValue(column)]));

/**
 * A message on the table itself: required or a server error for the whole list (schema forms
 * put it at the name), or a list rule of a zod resolver (react-hook-form puts it at `.root`).
 */
function tableMessage(error: (FieldError & { root?: FieldError }) | undefined) {
  return error?.message ?? error?.root?.message;
}

export function TableInput({ field, name }: SchemaFieldProps) {
  const { columns, maxRows } = readTableInputOptions(field.props);
  // Typed as rows so react-hook-form accepts the dynamic name as an array path.
  const { control } = useFormContext<Record<string, FormValues[]>>();
  const rows = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name });
  // get: a custom form may hold the table deeper than the top level (`endpoint.routes`).
  const tableError = tableMessage(get(errors, name));
  const full = maxRows !== undefined && rows.fields.length >= maxRows;

  return (
    <Input.Wrapper
      label={field.label ? <FieldLabel field={field} /> : undefined}
      required={field.required}
      description={field.subtext}
      error={tableError}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Stack gap="xs">
        {rows.fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            {TEXTS.tableEmpty}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key}>
                    <FieldLabel field={column} />
                  </Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody onKeyDown={moveOnEnter}>
              {rows.fields.map((row, index) => (
                <Table.Tr key={row.id}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={CELL_STYLE}>
                      <TypedField field={column} name={`${name}.${index}.${column.key}`} bare />
                    </Table.Td>
                  ))}
                  <Table.Td style={CELL_STYLE}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      disabled={field.disabled}
                      aria-label={TEXTS.removeRow(index + 1)}
                      onClick={() => rows.remove(index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={16} />}
          disabled={field.disabled || full}
          onClick={() => rows.append(emptyRow(columns))}
        >
          {TEXTS.addRow}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
