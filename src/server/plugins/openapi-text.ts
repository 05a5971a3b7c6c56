import { TEXT_PATTERN } from '../../contracts/text-patterns.ts';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (node: Node) =>
  node['type'] === 'string' || (Array.isArray(node['type']) && node['type'].includes('string'));

/**
 * Every text a request sends in its query or JSON body refuses control characters but tab, line
 * feed and carriage return (plugins/text-hygiene.ts): the schema of each string that states no
 * stricter pattern, fixed values or a file says so with TEXT_PATTERN. Keys included.
 */
export function stateTextHygiene(schema: unknown, depth = 0): void {
  if (depth > 32) return;
  if (Array.isArray(schema)) {
    for (const item of schema) stateTextHygiene(item, depth + 1);
    return;
  }
  if (!isNode(schema)) return;
  const fixed = 'enum' in schema || 'const' in schema || 'contentMediaType' in schema;
  if (isText(schema) && !fixed && !('pattern' in schema) && !('anyOf' in schema)) {
    schema['pattern'] = TEXT_PATTERN;
  }
  for (const [key, inner] of Object.entries(schema)) {
    if (key !== 'default' && key !== 'examples') stateTextHygiene(inner, depth + 1);
  }
}
