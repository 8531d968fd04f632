export {
  DAY_MS,
  HOUR_MS,
  rangeQuery,
  type DateRange,
  type RangePreset,
  type RangeQuery,
} from './date-range';
export { RangePicker } from './range-picker';
export { chosenTimeZone, fromZonedInput, toZonedInput } from './zoned-input';
