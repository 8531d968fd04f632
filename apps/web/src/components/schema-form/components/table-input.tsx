// Rows of sub-fields (props.columns); each cell is validated like a field of its own.
import { ActionIcon, Button, Input, Stack, Table } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { readTableInputOptions } from '../component-options';
import { FieldLabel } from '../field-chrome';
import { TypedField } from '../fields/typed-field';
import { SCHEMA_FORM_TEXTS as TEXTS } from '../texts';
import type { FieldDefinition, FormValues } from '../types';
import type { SchemaFieldProps } from '../use-schema-field';
import { emptyValue } from '../values';

const emptyRow = (columns: readonly FieldDefinition[]): FormValues =>
  Object.fromEntries(columns.map((column) => [column.key, column.default ?? emptyValue(column)]));

export function TableInput({ field, name }: SchemaFieldProps) {
  const { columns } = readTableInputOptions(field.props);
  // Typed as rows so react-hook-form accepts the dynamic name as an array path.
  const { control } = useFormContext<Record<string, FormValues[]>>();
  const rows = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name });
  // A message on the table itself (required, or a server error for the whole list).
  const tableError = (errors[name] as { message?: string } | undefined)?.message;

  return (
    <Input.Wrapper
      label={field.label ? <FieldLabel field={field} /> : undefined}
      required={field.required}
      description={field.subtext}
      error={tableError}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Stack gap="xs">
        {rows.fields.length > 0 && (
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
            <Table.Tbody>
              {rows.fields.map((row, index) => (
                <Table.Tr key={row.id}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <TypedField field={column} name={`${name}.${index}.${column.key}`} bare />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
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
          disabled={field.disabled}
          onClick={() => rows.append(emptyRow(columns))}
        >
          {TEXTS.addRow}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
