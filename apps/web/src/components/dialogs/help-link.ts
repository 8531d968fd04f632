/**
 * Where a dialog's help icon leads (spec §2: dialogs link to external documentation): its own
 * URL, absolute or resolved against the brand's docs base; else the docs base; else nowhere.
 */
export function helpLink(own: string | undefined, docsUrl: string | undefined): string | undefined {
  if (own === undefined) return docsUrl;
  if (docsUrl === undefined) return /^https?:\/\//.test(own) ? own : undefined;
  // A base without a trailing slash would lose its last segment to the relative path.
  return new URL(own, docsUrl.endsWith('/') ? docsUrl : `${docsUrl}/`).toString();
}
