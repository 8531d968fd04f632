// Promise-returning confirm, prompt and alert dialogs on top of the dialog manager. Closing one any
// other way (Escape, the close button, being replaced) answers as cancelled.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { dialogs } from './dialog-store';
import { DIALOG_TEXTS } from './texts';
import type { DialogOptions } from './types';

let lastId = 0;

type AnsweredOptions = Omit<DialogOptions, 'id' | 'onClose' | 'content'>;

function ask<T>(
  kind: string,
  cancelled: T,
  options: AnsweredOptions,
  render: (answer: (value: T) => void) => ReactNode,
): Promise<T> {
  return new Promise<T>((resolve) => {
    lastId += 1;
    const id = `${kind}-${lastId}`;
    let settled = false;
    const settle = (value: T) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    dialogs.open({
      id,
      size: 'sm',
      minimizable: false,
      ...options,
      content: render((value) => {
        settle(value);
        dialogs.close(id);
      }),
      onClose: () => settle(cancelled),
    });
  });
}

const messageNode = (message: ReactNode) =>
  typeof message === 'string' ? <Text size="sm">{message}</Text> : message;

export interface ConfirmDialogOptions {
  title?: string;
  message: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

/** Resolves true when confirmed, false when cancelled or closed. */
export function confirmDialog(options: ConfirmDialogOptions): Promise<boolean> {
  return ask('confirm', false, { title: options.title ?? DIALOG_TEXTS.confirmTitle }, (answer) => (
    <Stack gap="md">
      {messageNode(options.message)}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => answer(false)}>
          {options.cancelText ?? DIALOG_TEXTS.cancel}
        </Button>
        <Button
          color={options.danger === true ? 'red' : undefined}
          onClick={() => answer(true)}
          data-autofocus
        >
          {options.confirmText ?? DIALOG_TEXTS.confirm}
        </Button>
      </Group>
    </Stack>
  ));
}

export interface PromptDialogOptions {
  title: string;
  label: string;
  placeholder?: string;
  confirmText?: string;
  initialValue?: string;
}

function PromptForm({
  options,
  answer,
}: {
  options: PromptDialogOptions;
  answer: (value: string | null) => void;
}) {
  const [value, setValue] = useState(options.initialValue ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    // Spec §5: the prompt input is required.
    if (trimmed === '') setError(DIALOG_TEXTS.required(options.label));
    else answer(trimmed);
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={options.label}
          placeholder={options.placeholder}
          required
          data-autofocus
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(null)}>
            {DIALOG_TEXTS.cancel}
          </Button>
          <Button type="submit">{options.confirmText ?? DIALOG_TEXTS.confirm}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Resolves the (trimmed, non-empty) input, or null when cancelled or closed. */
export function promptDialog(options: PromptDialogOptions): Promise<string | null> {
  return ask<string | null>('prompt', null, { title: options.title }, (answer) => (
    <PromptForm options={options} answer={answer} />
  ));
}

export interface AlertDialogOptions {
  /** 'Error' by default. */
  title?: string;
  message: ReactNode;
}

/** Resolves once the alert is dismissed. */
export function alertDialog(options: AlertDialogOptions): Promise<void> {
  return ask<undefined>(
    'alert',
    undefined,
    { title: options.title ?? DIALOG_TEXTS.errorTitle },
    (answer) => (
      <Stack gap="md">
        {messageNode(options.message)}
        <Group justify="flex-end">
          <Button onClick={() => answer(undefined)} data-autofocus>
            {DIALOG_TEXTS.ok}
          </Button>
        </Group>
      </Stack>
    ),
  );
}
