// A file input that also takes a dropped file; the size and name rules (spec §5) show as soon as a
// file is chosen.
import { Box, FileInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { DragEvent, ReactNode } from 'react';
import { fieldChrome } from '../field-chrome';
import { SCHEMA_FORM_TEXTS } from '../texts';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';
import { acceptsFile } from './accepts-file';

export function FileField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);

  const choose = (file: File | null) => {
    api.change(file);
    if (file) api.check();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (!file || field.disabled) return;
    if (acceptsFile(field.accept, file)) choose(file);
    else api.setError(SCHEMA_FORM_TEXTS.fileNotAccepted);
  };

  const dropZone = (input: ReactNode) => (
    <Box onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
      {input}
    </Box>
  );

  return (
    <FileInput
      {...fieldChrome(field, api.error, props.bare)}
      ref={api.ref}
      name={props.name}
      inputContainer={dropZone}
      value={api.value instanceof File ? api.value : null}
      accept={field.accept}
      placeholder={field.placeholder ?? SCHEMA_FORM_TEXTS.dropFile}
      leftSection={<IconUpload size={16} />}
      clearable
      {...focusProps(autoFocus)}
      onBlur={api.onBlur}
      onChange={choose}
    />
  );
}
