// The endpoints a device API documentation offers for a config's url: the paths of its OpenAPI
// (or Swagger) document that answer GET, which is how devices call them.

/** An endpoint the url input suggests, with what the document says of it. */
export interface DocumentationEndpoint {
  url: string;
  description?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The document's GET paths in path order; anything that is not a document gives none. */
export function documentEndpoints(document: unknown): DocumentationEndpoint[] {
  if (!isObject(document) || !isObject(document.paths)) return [];
  const endpoints: DocumentationEndpoint[] = [];
  for (const [url, item] of Object.entries(document.paths)) {
    if (!url.startsWith('/') || !isObject(item) || !isObject(item.get)) continue;
    const description = textOf(item.get.summary) ?? textOf(item.get.description);
    endpoints.push(description ? { url, description } : { url });
  }
  return endpoints.sort((a, b) => a.url.localeCompare(b.url));
}
