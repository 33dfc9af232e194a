import { isValidElement, lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type PageComponent = (() => ReactElement) & {
  /** Fetches and evaluates the page's chunk; later renders then need no Suspense. */
  preload(): Promise<unknown>;
};

/**
 * Every page is its own chunk, so the login page loads without the signed-in app. Once the chunk
 * has arrived the page renders directly: a React.lazy component suspends on its first render even
 * when its module is already loaded, and React 19 holds back a revealed Suspense boundary for up
 * to 300 ms after its fallback showed, which delayed the first page's largest paint (issue 19).
 */
export function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): PageComponent {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= (await load())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Page.preload = preload;
  return Page;
}

function isPageComponent(type: unknown): type is PageComponent {
  return typeof type === 'function' && typeof (type as Partial<PageComponent>).preload === 'function';
}

/**
 * Loads the pages (layouts included) the given path renders, so the first render can show them at
 * once. A failed chunk is left to the page's lazy load and the route's error element.
 */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const pages: PageComponent[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (isValidElement(route.element) && isPageComponent(route.element.type)) pages.push(route.element.type);
  }
  await Promise.allSettled(pages.map((component) => component.preload()));
}
