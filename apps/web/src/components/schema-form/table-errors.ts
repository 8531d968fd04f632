// Spec §8 with tables: an error whose source names a cell of a shown TableInput goes under that
// cell, named by the table's key (`ports.1.port`) or, for a bulk answer, by `data` (`data.1.port`)
// when the form has a single table. The sources are exact names: the row index must survive.
import { readTableInputOptions } from './component-options';
import type { FieldDefinition, FormValues } from './types';

/** Source → form path, for every cell of the shown tables. */
export function tableCellSources(
  shown: readonly FieldDefinition[],
  values: FormValues,
): Map<string, string> {
  const tables = shown.filter((field) => field.component === 'TableInput');
  const sources = new Map<string, string>();
  for (const table of tables) {
    const rows = values[table.key];
    const { columns } = readTableInputOptions(table.props);
    const count = Array.isArray(rows) ? rows.length : 0;
    for (let index = 0; index < count; index += 1) {
      for (const column of columns) {
        const path = `${table.key}.${index}.${column.key}`;
        sources.set(path, path);
        if (tables.length === 1) sources.set(`data.${index}.${column.key}`, path);
      }
    }
  }
  return sources;
}
