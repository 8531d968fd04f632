import { Box, type BoxProps } from '@mantine/core';
import { createElement, useMemo, type ReactNode } from 'react';
import { parseRichText, type RichNode } from '@/lib/rich-text';

// React names srcset in camel case; the others are the same in HTML and React.
const reactProps = ({ srcset, ...attributes }: Record<string, string>) =>
  srcset === undefined ? attributes : { ...attributes, srcSet: srcset };

// An image never pushes the list or the table cell wider than it is.
const IMAGE_STYLE = { maxWidth: '100%', height: 'auto' } as const;

function toReact(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map((node, index) =>
    node.kind === 'text'
      ? node.text
      : // Keys are positions: the tree is rebuilt from the string and never reordered.
        createElement(
          node.tag,
          {
            key: index,
            ...reactProps(node.attributes),
            ...(node.tag === 'img' ? { style: IMAGE_STYLE } : {}),
          },
          ...toReact(node.children),
        ),
  );
}

interface RichTextProps extends BoxProps {
  /** HTML from the server; only the spec §9 allow-list is rendered, everything else shows as text. */
  html: string;
  /** Render allowed images too (global notices); off, <img> shows as text. */
  images?: boolean;
}

/** Renders rich text through the allow-list as React elements; no markup reaches innerHTML. */
export function RichText({ html, images = false, style, ...boxProps }: RichTextProps) {
  const content = useMemo(() => toReact(parseRichText(html, { images })), [html, images]);
  // pre-line keeps the line breaks an author typed, since <br> is not an allowed tag.
  return (
    <Box style={[{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }, style]} {...boxProps}>
      {content}
    </Box>
  );
}
