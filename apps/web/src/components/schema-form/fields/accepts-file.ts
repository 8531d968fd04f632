// Spec §5: dropped files are checked against the accept list (the file dialog filters chosen ones
// itself). Tokens as in the accept attribute: '.json', 'text/csv', 'image/*'.
export function acceptsFile(
  accept: string | undefined,
  file: { name: string; type: string },
): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token.length > 0);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token);
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}
