/** The pino-style logger the runtime writes to (the server's and the agent's both fit). */
export interface HubLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
