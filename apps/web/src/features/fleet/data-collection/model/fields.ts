import type { DataCollectConfig } from '@netfleet/contracts';

/** A value a config collects: a variable of one of its endpoints. */
export interface ConfigField {
  /** `<config id>:<url>:<variable>`, as the graph endpoint takes it. */
  id: string;
  url: string;
  variable: string;
}

/** Every variable of the config, endpoint by endpoint; an id named twice is listed once. */
export function configFields(config: DataCollectConfig): ConfigField[] {
  const fields = config.config.data.flatMap((endpoint) =>
    endpoint.variables.map((variable) => ({
      id: `${config.id}:${endpoint.url}:${variable.id}`,
      url: endpoint.url,
      variable: variable.id,
    })),
  );
  return fields.filter((field, index) => fields.findIndex((f) => f.id === field.id) === index);
}

/** The fields as a select's options, grouped by endpoint. */
export function fieldOptions(fields: readonly ConfigField[]) {
  const urls = [...new Set(fields.map((field) => field.url))];
  return urls.map((url) => ({
    group: url,
    items: fields
      .filter((field) => field.url === url)
      .map((field) => ({ value: field.id, label: field.variable })),
  }));
}

/** A collected value as a cell shows it. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
