// Keyboard use of a TableInput: Enter in a cell moves on to the next cell rather than submitting
// the form with a row half typed; only the last cell submits, as any input does. An Enter another
// control has used (an open select picking its option), one in a text area (a new line) and one
// that ends an IME composition (Japanese input) are left alone.
import type { KeyboardEvent } from 'react';

const CELL_INPUTS = 'input:not([type="hidden"]):not(:disabled)';

export function moveOnEnter(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
  const { target } = event;
  if (!(target instanceof HTMLInputElement)) return;
  const inputs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(CELL_INPUTS));
  const next = inputs[inputs.indexOf(target) + 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
}
