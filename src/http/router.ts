import { isId } from '../ids.js';
import type { WorkspaceKind } from '../workspace.js';
import type { Method, Operation } from '../operations/operation.js';

interface Route {
  op: Operation;
  /** Literal segments, with null where a parameter stands. */
  segments: (string | null)[];
  keys: string[];
}

export interface Router {
  routes: Route[];
  match(method: string, path: string, kind: WorkspaceKind): RouteMatch;
  /** Every method any kind may use on a path (for OPTIONS). */
  methodsAt(path: string): Method[];
}

type RouteMatch =
  | { found: true; route: Route; params: Record<string, string> }
  | { found: false; allow: Method[] };


function compile(op: Operation): Route {
  const parts = op.path.split('/').slice(1);
  const keys: string[] = [];
  const segments = parts.map((part) => {
    const param = /^\{([a-z_]+)\}$/.exec(part);
    if (!param) return part;
    keys.push(param[1]!);
    return null;
  });
  return { op, segments, keys };
}

function bind(route: Route, parts: string[]): Record<string, string> | undefined {
  if (parts.length !== route.segments.length) return undefined;
  const params: Record<string, string> = {};
  let k = 0;
  for (let i = 0; i < parts.length; i++) {
    const literal = route.segments[i];
    const part = parts[i]!;
    if (literal === null) {
      if (!isId(part)) return undefined;
      params[route.keys[k++]!] = part;
    } else if (literal !== part) {
      return undefined;
    }
  }
  return params;
}

/** Checks the table once at start-up: a broken table must not serve a single request. */
function validateTable(ops: Operation[]): void {
  const ids = new Set<string>();
  const endpoints = new Set<string>();
  for (const op of ops) {
    const route = compile(op);
    const endpoint = `${op.method} ${route.segments.map((s) => s ?? '{}').join('/')}`;
    if (ids.has(op.id)) throw new Error(`duplicate operation id ${op.id}`);
    if (endpoints.has(endpoint)) throw new Error(`duplicate route ${op.method} ${op.path}`);
    if (route.keys.length > 0 && !op.params) throw new Error(`${op.id}: path parameters without a schema`);
    if ((op.method === 'GET' || op.method === 'DELETE') && op.body) throw new Error(`${op.id}: ${op.method} with a body schema`);
    ids.add(op.id);
    endpoints.add(endpoint);
  }
}

export function createRouter(ops: Operation[]): Router {
  validateTable(ops);
  const routes = ops.map(compile);
  const split = (path: string) => path.split('/').slice(1);
  return {
    routes,
    match(method, path, kind) {
      const parts = split(path);
      const allow: Method[] = [];
      for (const route of routes) {
        if (route.op.kind !== 'any' && route.op.kind !== kind) continue;
        const params = bind(route, parts);
        if (!params) continue;
        if (route.op.method === method) return { found: true, route, params };
        allow.push(route.op.method);
      }
      return { found: false, allow };
    },
    methodsAt(path) {
      const parts = split(path);
      return [...new Set(routes.filter((r) => bind(r, parts)).map((r) => r.op.method))];
    },
  };
}
