import {
  checkOptionValue,
  CONFIG_SCHEMA,
  parseConfigPath,
  type ConfigValue,
  type OptionSpec,
} from '@netfleet/contracts';
import { CONFIG_TEXTS as T } from '../texts';

// What the configuration schema says about the section a request names, for suggestions while
// typing and for checking values before a device would refuse them.

export const CONFIG_NAMES = Object.keys(CONFIG_SCHEMA);

/** The configs as the beginnings of a path, offered while typing one. */
export const CONFIG_PATHS = CONFIG_NAMES.map((config) => `/${config}/`);

/** The option specs of each section type of the path's config; none for a config it lacks. */
function typesOf(path: string): Readonly<Record<string, Record<string, OptionSpec>>> {
  const config = parseConfigPath(path.trim())?.config;
  return (config && CONFIG_SCHEMA[config]) || {};
}

/** The section types the path's config has ('interface' for /network/lan). */
export const sectionTypes = (path: string): string[] => Object.keys(typesOf(path));

/** The options of the section type, or of every type of the config when the type is not named. */
function optionSets(path: string, type: string): Record<string, OptionSpec>[] {
  const types = typesOf(path);
  if (type === '') return Object.values(types);
  const options = types[type];
  return options ? [options] : [];
}

/** Option names to suggest for the section. */
export const optionNames = (path: string, type: string): string[] =>
  [...new Set(optionSets(path, type).flatMap(Object.keys))].sort();

/** What the option may be: one spec per section type that has it; none for an unknown option. */
export const optionSpecs = (path: string, type: string, option: string): OptionSpec[] =>
  optionSets(path, type).flatMap((options) => {
    const spec = options[option];
    return spec ? [spec] : [];
  });

/** A typed value as a request carries it: a list option's comma-separated entries as a list. */
export const parseValue = (specs: readonly OptionSpec[], text: string): ConfigValue =>
  specs.some((spec) => spec.kind === 'list')
    ? text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
    : text;

/** A saved value in its input. */
export const valueText = (value: ConfigValue): string =>
  Array.isArray(value) ? value.join(', ') : value;

/** Why no spec of the option takes the value (null when one does, or the option is unknown). */
export function optionProblem(specs: readonly OptionSpec[], value: ConfigValue): string | null {
  const problems = specs.map((spec) => checkOptionValue(spec, value));
  return problems.length === 0 || problems.includes(null) ? null : (problems[0] ?? null);
}

/** What a value input holds, in a few words ('static | dhcp', '0 or 1'). */
export function valueHint(spec: OptionSpec): string {
  switch (spec.kind) {
    case 'text':
      return spec.hint ?? T.hintText(spec.max);
    case 'integer':
      return T.hintWholeNumber(spec.min, spec.max);
    case 'boolean':
      return T.hintBoolean;
    case 'ipv4':
      return T.hintIpv4;
    case 'domain':
      // An example rather than words: the same in every language.
      return 'example.com';
    case 'enum':
      return spec.values.join(' | ');
    case 'list':
      return T.hintList(valueHint(spec.of));
  }
}
