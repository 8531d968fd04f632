import { Box, type BoxProps } from '@mantine/core';
import { createElement, useMemo, type ReactNode } from 'react';
import { parseRichText, type RichNode } from '@/lib/rich-text';

function toReact(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map((node, index) =>
    node.kind === 'text'
      ? node.text
      : // Keys are positions: the tree is rebuilt from the string and never reordered.
        createElement(node.tag, { key: index, ...node.attributes }, ...toReact(node.children)),
  );
}

interface RichTextProps extends BoxProps {
  /** HTML from the server; only the spec §9 allow-list is rendered, everything else shows as text. */
  html: string;
}

/** Renders rich text through the allow-list as React elements; no markup reaches innerHTML. */
export function RichText({ html, style, ...boxProps }: RichTextProps) {
  const content = useMemo(() => toReact(parseRichText(html)), [html]);
  // pre-line keeps the line breaks an author typed, since <br> is not an allowed tag.
  return (
    <Box style={[{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }, style]} {...boxProps}>
      {content}
    </Box>
  );
}
