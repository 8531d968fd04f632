import type { TreeNodeData } from '@mantine/core';
import type { CompanyTreeNode } from '@netfleet/contracts';

/** Node value → expanded (Mantine's useTree state; not exported by name). */
export type TreeExpandedState = Record<string, boolean>;

/** Tree node values are company ids as text; `nodeProps.level` keeps the company level. */
export interface CompanyNodeProps {
  level: number;
}

/**
 * Nests the flat tree answer (parents before their subsidiaries). A company whose parent is not
 * in the answer — the user's own company, or the top company — is a root.
 */
export function toTreeData(nodes: readonly CompanyTreeNode[]): TreeNodeData[] {
  const byId = new Map<number, TreeNodeData & { children: TreeNodeData[] }>();
  for (const node of nodes) {
    const props: CompanyNodeProps = { level: node.level };
    byId.set(node.id, { value: String(node.id), label: node.name, nodeProps: props, children: [] });
  }
  const roots: TreeNodeData[] = [];
  for (const node of nodes) {
    const item = byId.get(node.id);
    if (!item) continue;
    const parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}

/** The ancestors of a company that the user can see, top first (for breadcrumbs). */
export function ancestorsOf(nodes: readonly CompanyTreeNode[], id: number): CompanyTreeNode[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const chain: CompanyTreeNode[] = [];
  let parentId = byId.get(id)?.parent_id ?? null;
  // Bounded by the node count: a malformed answer with a cycle cannot loop forever.
  while (parentId !== null && chain.length < nodes.length) {
    const parent = byId.get(parentId);
    if (!parent) break;
    chain.unshift(parent);
    parentId = parent.parent_id;
  }
  return chain;
}
