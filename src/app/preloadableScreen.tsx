import { type ComponentType, lazy, useState } from 'react';
import i18n from './i18n.ts';
import type { FeatureNamespace } from './locales/catalogues.ts';

/** A screen whose code loads on first use, or beforehand through `preload`. */
export type PreloadableScreen<P extends object> = ComponentType<P> & {
  /** Starts loading the screen's code and words (once); resolves when it can render without suspending. */
  preload(): Promise<unknown>;
};

/**
 * Like React's `lazy`, but a screen whose code was preloaded renders at once instead of suspending.
 * Why: React holds back the reveal of suspended content until 300 ms after the last fallback it
 * showed, so a screen that suspends on its code during the first render appears a quarter of a
 * second later than its code and data are ready. Boot preloads the opening screen's code, so the
 * first render has nothing to wait for.
 *
 * `words` are the catalogue namespaces the screen's components ask for (beyond the shared one):
 * they load beside its code, in the language shown, so the screen does not suspend a second time
 * on its words, nor a dialog of it the first time it opens (screenWords.test.ts checks the list).
 */
export function preloadableScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  words: readonly FeatureNamespace[] = [],
): PreloadableScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), words.length ? i18n.loadNamespaces([...words]) : undefined]).then(
      ([component]) => {
        loaded = component;
        return component;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    // Chosen once per mount: switching component types later would remount the screen.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}
