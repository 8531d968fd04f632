// Features register dialogs by name so that code which cannot import them (another feature, a
// notification's action, the app layer) can still open them: openNamedDialog('company.new').
import { dialogs } from './dialog-store';
import type { DialogOptions } from './types';

// `never` parameters accept a builder of any props type; each builder checks its own props. A
// builder may be async, so the app layer can load the feature that owns the dialog on first use.
type DialogBuilder = (props: never) => DialogOptions | Promise<DialogOptions>;

const registry = new Map<string, DialogBuilder>();

/** Returns the unregister function; it leaves names registered again by someone else alone. */
export function registerNamedDialogs(entries: Record<string, DialogBuilder>): () => void {
  for (const [name, build] of Object.entries(entries)) registry.set(name, build);
  return () => {
    for (const [name, build] of Object.entries(entries))
      if (registry.get(name) === build) registry.delete(name);
  };
}

/** Opens a registered dialog; an unknown name is a programming error and rejects. */
export async function openNamedDialog(name: string, props?: unknown): Promise<void> {
  const build = registry.get(name);
  if (!build) throw new Error(`No dialog registered as '${name}'`);
  const options = await build(props as never);
  dialogs.open({ ...options, helpTopic: options.helpTopic ?? name });
}
