// Spec §3/§5 list input: items typed and added with Enter or comma (or the configured keys),
// removed with their ×, or the last one with Backspace on an empty input; a pasted list (lines,
// commas, semicolons or tabs) adds each of its values; optional CSV import with an example file.
import { Button, Group, Pill, PillsInput, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { saveBlob } from '@/lib/download';
import { readListInputOptions } from '../component-options';
import { fieldChrome } from '../field-chrome';
import { pastedValue } from '../fields/paste';
import { SCHEMA_FORM_TEXTS as TEXTS } from '../texts';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';
import { CsvUploadButton } from './csv-upload-button';
import { addItems, splitListText, type AddOutcome } from './list-items';

const DEFAULT_ADD_KEYS = ['Enter', ','];

const problemOf = (outcome: AddOutcome, maxItems: number | undefined): string | null => {
  const [invalid] = outcome.invalid;
  if (invalid !== undefined) return TEXTS.listInvalidItem(invalid);
  if (outcome.overflow > 0 && maxItems !== undefined) return TEXTS.listMaxItems(maxItems);
  return null;
};

export function ListInput(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const options = readListInputOptions(field.props);
  const api = useSchemaField(props);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const items = Array.isArray(api.value) ? api.value.map(String) : [];
  const addKeys = options.addKeys ?? DEFAULT_ADD_KEYS;

  /** Adds the candidates; returns the outcome (its problem, if any, is shown). */
  const addOutcome = (candidates: string[]): AddOutcome => {
    const outcome = addItems(items, candidates, options);
    if (outcome.items.length !== items.length) api.change(outcome.items);
    setProblem(problemOf(outcome, options.maxItems));
    return outcome;
  };
  /** Adds the candidates; returns whether all of them were accepted. */
  const add = (candidates: string[]): boolean =>
    problemOf(addOutcome(candidates), options.maxItems) === null;

  // A pasted list adds its values at once; the refused ones stay in the input to be corrected.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (splitListText(pasted).length < 2) return;
    event.preventDefault();
    const values = splitListText(pastedValue(event.currentTarget, pasted));
    setText(addOutcome(values).invalid.join(', '));
  };

  const downloadExample = () => {
    const lines = options.csvExample ?? [];
    saveBlob(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), `${field.key}-example.csv`);
  };

  const commit = () => {
    if (text.trim() === '') return;
    if (add([text])) setText('');
  };

  const remove = (index: number) => {
    setProblem(null);
    api.change(items.filter((_, i) => i !== index));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (addKeys.includes(event.key)) {
      // Enter would submit the form and a comma would be typed: both only add the item.
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && items.length > 0) {
      event.preventDefault();
      remove(items.length - 1);
    }
  };

  const chrome = fieldChrome(field, problem ?? api.error);
  return (
    <Stack gap={4}>
      <PillsInput {...chrome}>
        <Pill.Group>
          {items.map((item, index) => (
            <Pill
              key={`${item}-${index}`}
              withRemoveButton={!field.disabled}
              // Mantine hides the × from assistive technology; labelled, it is a usable button.
              removeButtonProps={{ 'aria-label': TEXTS.listRemove(item), 'aria-hidden': false }}
              onRemove={() => remove(index)}
            >
              {item}
            </Pill>
          ))}
          <PillsInput.Field
            ref={api.ref}
            name={props.name}
            value={text}
            placeholder={items.length === 0 ? field.placeholder : undefined}
            {...focusProps(autoFocus)}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => {
              commit();
              api.onBlur();
            }}
          />
        </Pill.Group>
      </PillsInput>
      {options.showCsvUpload && (
        <Group>
          <CsvUploadButton disabled={field.disabled} onLines={add} onError={setProblem} />
          {options.csvExample && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconDownload size={16} />}
              onClick={downloadExample}
            >
              {TEXTS.csvExample}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
