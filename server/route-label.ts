// The `route` label of the request metrics (ADR 040): the pattern of the React Router route that
// answers a path ("/courses/:slug", "/en/*"), or one of a few fixed names for what the host answers
// itself. Never the path as sent: every distinct address would be a new series in Prometheus, and
// anyone could make as many as they like.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** The labels the host gives what it answers without React Router. */
export const HOST_ROUTES = {
  /** Refused or redirected before routing: a malformed target, CSRF, a body too large, the
   * language redirect, an unexpected failure in the front handler. */
  unrouted: "(unrouted)",
  /** The built assets and the public folder's files. */
  static: "(static)",
  uploads: "/uploads/*",
  videos: "/videos/*",
  metrics: "/metrics",
} as const;

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

/** How many paths' labels are remembered: React Router's matchRoutes ranks and compiles the
 * whole route table on every call (a few hundred microseconds), and most traffic asks for a few
 * hundred addresses. Bounded, so that unique addresses only cost the match. */
const REMEMBERED_PATHS = 1000;

/** A function from a path to its route's pattern, over the build's route table. */
export function routePatternMatcher(routes: ServerBuild["routes"]): (pathname: string) => string {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  const tree: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  const toRouteObject = (node: RouteNode): RouteObject =>
    node.index
      ? { id: node.id, path: node.path, index: true, caseSensitive: node.caseSensitive }
      : {
          id: node.id,
          path: node.path,
          caseSensitive: node.caseSensitive,
          children: node.children.map(toRouteObject),
        };
  const routeObjects = tree.map(toRouteObject);
  const remembered = new Map<string, string>();
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known !== undefined) return known;
    const label = match(pathname);
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, label);
    return label;
  };
  function match(pathname: string) {
    const matches = matchRoutes(routeObjects, pageAddress(pathname));
    if (!matches) return HOST_ROUTES.unrouted;
    const segments = matches.map((match) => match.route.path).filter((path): path is string => Boolean(path));
    return `/${segments.join("/").replace(/\/{2,}/g, "/")}`;
  }
}

/** A client-side navigation's data request (`/courses.data`, `/_root.data` for "/") is counted
 * under its page. */
export function pageAddress(pathname: string) {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}
