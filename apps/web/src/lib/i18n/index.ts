export * from './languages';
export * from './localize';
export * from './plural';
