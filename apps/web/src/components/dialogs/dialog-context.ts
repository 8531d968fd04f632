import { createContext, use } from 'react';
import type { DialogContextValue } from './types';

export const DialogContext = createContext<DialogContextValue | null>(null);

/** Inside a dialog's content: that dialog (its id and how to close it); elsewhere null. */
export function useDialog(): DialogContextValue | null {
  return use(DialogContext);
}
