import { Code, List, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { APP_VERSION } from '@netfleet/contracts';
import { CHANGELOG_MARKDOWN } from '../changelog-source';
import { parseChangelog, splitInlineCode, type ChangelogBlock } from '../parse-changelog';
import { CHANGELOG_TEXTS as T } from '../texts';

function Inline({ text }: { text: string }) {
  return splitInlineCode(text).map((part, index) =>
    part.code ? <Code key={index}>{part.text}</Code> : <Fragment key={index}>{part.text}</Fragment>,
  );
}

function Block({ block }: { block: ChangelogBlock }) {
  if (block.kind === 'list') {
    return (
      <List spacing={4} size="sm">
        {block.items.map((item, index) => (
          <List.Item key={index}>
            <Inline text={item} />
          </List.Item>
        ))}
      </List>
    );
  }
  // The file's own level-1 title duplicates the page title; versions become level 2.
  const order = Math.min(block.level, 6) as TitleOrder;
  return (
    <Title order={order} size={order === 2 ? 'h3' : 'h5'} mt={order === 2 ? 'md' : 0}>
      <Inline text={block.text} />
    </Title>
  );
}

/** /changelog: the running version and the changes of each release. */
export function ChangelogPage({ markdown = CHANGELOG_MARKDOWN }: { markdown?: string }) {
  const blocks = useMemo(
    () => parseChangelog(markdown).filter((b) => !(b.kind === 'heading' && b.level === 1)),
    [markdown],
  );
  return (
    <Stack gap="sm" maw={900}>
      <Title order={1} size="h2">
        {T.title}
      </Title>
      <Text c="dimmed">{T.version(APP_VERSION)}</Text>
      {blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </Stack>
  );
}
