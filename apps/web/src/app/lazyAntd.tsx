/**
 * lazy() for a component that uses antd: loads it together with antd's provider chunk and renders it
 * inside AntdScope, so antd stays out of the first load of the pages that do not use it (ADR 0008).
 */
import { lazy, type ComponentType } from 'react';

export function lazyAntd<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ AntdScope }, { default: Inner }] = await Promise.all([import('./AntdScope.tsx'), load()]);
    function WithAntd(props: P) {
      return (
        <AntdScope>
          <Inner {...props} />
        </AntdScope>
      );
    }
    return { default: WithAntd };
  });
}
