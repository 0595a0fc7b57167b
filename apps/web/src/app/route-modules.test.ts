import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './route-modules';
import { routes } from './router';

/** Every path of the router with the lazy modules on the way to it (layouts, then the page). */
function lazyChains(list: RouteObject[], above: RouteObject['lazy'][] = [], prefix = '') {
  const out: { path: string; lazies: RouteObject['lazy'][] }[] = [];
  for (const route of list) {
    const lazies = route.lazy ? [...above, route.lazy] : above;
    const path = route.path
      ? `${prefix.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
      : prefix;
    if (route.path) out.push({ path, lazies });
    if (route.children) out.push(...lazyChains(route.children, lazies, path));
  }
  return out;
}

describe('ROUTE_MODULES (the modulepreload table)', () => {
  const chains = lazyChains(routes).filter((chain) => chain.path !== '/' && chain.path !== '/*');

  it('has an entry for every page of the router, and nothing else', () => {
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual(chains.map((chain) => chain.path).sort());
  });

  it.each(chains)(
    "names the modules $path's lazy routes load, in order",
    async ({ path, lazies }) => {
      const files = ROUTE_MODULES[path] ?? [];
      expect(files).toHaveLength(lazies.length);
      for (const [index, lazy] of lazies.entries()) {
        const loaded = await (lazy as () => Promise<unknown>)();
        expect(loaded).toBe(await import(/* @vite-ignore */ `/${files[index]}`));
      }
    },
  );
});
