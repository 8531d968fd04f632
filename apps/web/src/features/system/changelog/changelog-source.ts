// CHANGELOG.md at the repository root, bundled as text at build time.
import changelog from '../../../../../../CHANGELOG.md?raw';

export const CHANGELOG_MARKDOWN: string = changelog;
