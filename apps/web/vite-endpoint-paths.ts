import type { Plugin } from 'vite';

/** The endpoint table's files (`packages/contracts/src/endpoints/*.ts`). */
const ENDPOINT_FILES = /[\\/]packages[\\/]contracts[\\/]src[\\/]endpoints[\\/][^\\/]+\.ts$/;

/** What the browser reads of a declaration: `apiCall` and `paramsIn` need only these. */
const KEPT_KEYS: ReadonlySet<string> = new Set(['method', 'path']);

/** A source range to cut out. */
interface Cut {
  start: number;
  end: number;
}

/** The few ESTree fields this plugin reads. */
export interface AstNode {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** Every node under `node`, depth first. */
function* nodesUnder(node: AstNode): Generator<AstNode> {
  yield node;
  for (const value of Object.values(node)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) if (isNode(child)) yield* nodesUnder(child);
  }
}

/** The name of a property's key (`access`, `'access'`), or null for a computed one. */
function keyName(property: AstNode): string | null {
  const key = property.key;
  if (!isNode(key) || property.computed === true) return null;
  if (key.type === 'Identifier') return String(key.name);
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/**
 * The cuts that turn `endpoint({ method, path, access, body: shape(), … })` into
 * `({ method, path })`: the call of the identity function and the properties only the server and
 * the types read.
 */
function cutsOf(program: AstNode): Cut[] {
  const cuts: Cut[] = [];
  for (const node of nodesUnder(program)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee;
    const [argument] = node.arguments as unknown[];
    if (!isNode(callee) || callee.type !== 'Identifier' || callee.name !== 'endpoint') continue;
    if (!isNode(argument) || argument.type !== 'ObjectExpression') continue;
    cuts.push({ start: callee.start, end: callee.end });
    const properties = (argument.properties as AstNode[]).filter(
      (property) => property.type === 'Property',
    );
    for (const [index, property] of properties.entries()) {
      const name = keyName(property);
      if (name !== null && KEPT_KEYS.has(name)) continue;
      // Up to the next property or, for the last one, to the closing brace: its comma goes too.
      const next = properties[index + 1];
      cuts.push({ start: property.start, end: next ? next.start : argument.end - 1 });
    }
  }
  return cuts;
}

/** `code` (JavaScript, parsed as `program`) with each declaration reduced to its method and path. */
export function keepMethodAndPath(code: string, program: AstNode): string {
  let result = code;
  for (const cut of cutsOf(program).sort((a, b) => b.start - a.start)) {
    result = result.slice(0, cut.start) + result.slice(cut.end);
  }
  return result;
}

/**
 * Leaves the method and path of each declaration in the web app's build (decision 0060): the
 * access, policy and shapes are read by the server and by the types only, and every player page
 * would otherwise carry them for each endpoint of the resources it calls.
 */
export function endpointPaths(): Plugin {
  return {
    name: 'tappa:endpoint-paths',
    apply: 'build',
    transform: {
      order: 'post',
      filter: { id: ENDPOINT_FILES },
      handler(code) {
        return { code: keepMethodAndPath(code, this.parse(code) as unknown as AstNode), map: null };
      },
    },
  };
}
