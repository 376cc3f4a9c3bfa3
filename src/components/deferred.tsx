import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A component whose code loads the first time it is wanted (issue 12, Speed: the
 * first load of a gallery carries only what the page shows; the viewer, the login
 * prompt and the payment dialogs come when first opened). In the H5 build
 * `import()` makes a chunk of its own; in the mini-program Taro's Babel preset turns
 * it into a require, so the code is bundled and only its first render waits a tick.
 * Once loaded the component stays mounted, so its closing animations and state work
 * as before.
 */
export function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P & { wanted: boolean }> {
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  return function Deferred(props: P & { wanted: boolean }) {
    const { wanted, ...rest } = props;
    const [used, setUsed] = useState(wanted);
    if (wanted && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...(rest as P)} />
      </Suspense>
    );
  };
}
