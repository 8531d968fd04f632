// Display formats shared by the features (spec §9); formatBytes and the labels live in contracts.
export * from './metrics';
export * from './units';
export * from './date-time';
export * from './time-zones';
export { formatLocale, formatNumber } from './locale';
