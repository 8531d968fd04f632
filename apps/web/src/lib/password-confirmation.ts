// Spec §8 423: the server wants the password confirmed before a sensitive request. The api-client
// asks through this handler, which the app layer registers (it shows the 'Confirm your password'
// dialog), so the client stays free of React; without a handler the 423 is simply the answer.

/** Resolves true once the password has been confirmed, false when the user cancelled. */
export type PasswordConfirmationHandler = (message: string) => Promise<boolean>;

let handler: PasswordConfirmationHandler | null = null;

/** Returns the unregister function; it leaves a handler registered after this one alone. */
export function registerPasswordConfirmation(next: PasswordConfirmationHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function askPasswordConfirmation(message: string): Promise<boolean> {
  return handler ? handler(message) : Promise.resolve(false);
}
