// ESLint rule: web features never import each other or the app layer; shared code (components,
// lib) imports neither. Imports are resolved (relative and `@/`) so `../../other-feature` is caught.
import { dirname, relative, resolve, sep } from 'node:path';

// Features are grouped by the menu's areas: src/features/<area>/<feature>. A feature is named by
// both, so two features of one area are still two features.
const layerOf = (srcDir, file) => {
  const parts = relative(srcDir, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) {
    return { layer: 'features', name: `${parts[1]}/${parts[2]}` };
  }
  return { layer: parts[0], name: undefined };
};

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep web features apart; the app layer composes them.' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'] }],
    messages: {
      feature: 'Feature "{{from}}" must not import feature "{{to}}": compose them in src/app.',
      app: '{{from}} must not import the app layer (src/app): move shared code to src/components or src/lib.',
      shared: 'Shared code in src/{{from}} must not import src/features.',
    },
  },
  create(context) {
    const srcDir = resolve(context.options[0].srcDir);
    const filename = context.filename;
    if (!filename.startsWith(srcDir + sep)) return {};
    const self = layerOf(srcDir, filename);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('@/')) target = resolve(srcDir, source.slice(2));
      else if (source.startsWith('.')) target = resolve(dirname(filename), source);
      else return;
      if (!target.startsWith(srcDir + sep)) return;
      const other = layerOf(srcDir, target);
      if (self.layer === 'features') {
        if (other.layer === 'features' && other.name !== self.name) {
          context.report({ node, messageId: 'feature', data: { from: self.name, to: other.name } });
        } else if (other.layer === 'app') {
          context.report({ node, messageId: 'app', data: { from: `Feature "${self.name}"` } });
        }
      } else if (['components', 'lib'].includes(self.layer)) {
        if (other.layer === 'features') {
          context.report({ node, messageId: 'shared', data: { from: self.layer } });
        } else if (other.layer === 'app') {
          context.report({ node, messageId: 'app', data: { from: `src/${self.layer}` } });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
    };
  },
};
