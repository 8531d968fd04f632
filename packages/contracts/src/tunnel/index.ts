export * from './frames.ts';
export * from './mux.ts';
