// Spec §5: pasted text is trimmed and cut to maxlength. It replaces the selection like a normal
// paste; the whole result is then cut so text after the cursor cannot push the value over.
import { clipPastedText } from '@netfleet/contracts';
import type { ClipboardEvent } from 'react';

type TextElement = HTMLInputElement | HTMLTextAreaElement;

export function pastedValue(target: TextElement, text: string, maxLength?: number): string {
  const current = target.value;
  const start = target.selectionStart ?? current.length;
  const end = target.selectionEnd ?? start;
  const next = current.slice(0, start) + clipPastedText(text, maxLength) + current.slice(end);
  return maxLength === undefined ? next : next.slice(0, maxLength);
}

/** An onPaste handler that writes the cleaned value through `change` instead of the raw text. */
export function pasteHandler(maxLength: number | undefined, change: (value: string) => void) {
  return (event: ClipboardEvent<TextElement>) => {
    event.preventDefault();
    change(pastedValue(event.currentTarget, event.clipboardData.getData('text'), maxLength));
  };
}
