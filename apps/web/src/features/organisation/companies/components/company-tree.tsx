import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  Highlight,
  Text,
  Tree,
  useTree,
  type RenderTreeNodePayload,
  type TreeNodeData,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { companyPath } from '../paths';
import { COMPANY_TEXTS } from '../texts';
import type { CompanyNodeProps, TreeExpandedState } from './company-tree-data';

interface CompanyTreeProps {
  data: TreeNodeData[];
  expanded: TreeExpandedState;
  onExpandedChange: (expanded: TreeExpandedState) => void;
  /** Highlighted in the names. */
  search: string;
}

const nameOf = (node: TreeNodeData): string => (typeof node.label === 'string' ? node.label : '');

function CompanyNode({
  node,
  expanded,
  hasChildren,
  elementProps,
  tree,
  search,
}: RenderTreeNodePayload & { search: string }) {
  const name = nameOf(node);
  const { level } = node.nodeProps as CompanyNodeProps;
  return (
    <Group gap={4} wrap="nowrap" {...elementProps}>
      {hasChildren ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={expanded ? COMPANY_TEXTS.collapse(name) : COMPANY_TEXTS.expand(name)}
          onClick={(event) => {
            event.stopPropagation();
            tree.toggleExpanded(node.value);
          }}
        >
          {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ) : (
        <Box w={22} />
      )}
      <Anchor component={Link} to={companyPath(Number(node.value))} size="sm">
        <Highlight component="span" size="sm" highlight={search.trim()}>
          {name}
        </Highlight>
      </Anchor>
      <Text size="xs" c="dimmed">
        {COMPANY_TEXTS.level(level)}
      </Text>
    </Group>
  );
}

/** The companies as an expandable tree; expansion is the caller's so "expand all" can set it. */
export function CompanyTree({ data, expanded, onExpandedChange, search }: CompanyTreeProps) {
  const tree = useTree({ expandedState: expanded, onExpandedStateChange: onExpandedChange });
  return (
    <Tree
      aria-label={COMPANY_TEXTS.tree}
      data={data}
      tree={tree}
      expandOnClick={false}
      levelOffset="lg"
      renderNode={(payload) => <CompanyNode {...payload} search={search} />}
    />
  );
}
