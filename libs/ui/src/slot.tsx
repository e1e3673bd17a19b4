import { cloneElement, isValidElement, useCallback, type ReactElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown>;

function setRef(ref: unknown, node: unknown): void {
  if (typeof ref === 'function') ref(node);
  else if (ref && typeof ref === 'object') (ref as { current: unknown }).current = node;
}

/**
 * Renders its single child element with its own props merged in, as Radix's `Slot` does for
 * `<Button asChild>`: the child's props win, except that both event handlers run (the child's
 * first), class names are joined, styles merged and both refs set. Ours, so the first screen does
 * not fetch Radix's (issue 38, item 2: 1 KB as served in the shell and again in each remote).
 */
export function Slot({ children, ref: slotRef, ...slotProps }: Props & { children?: ReactNode; ref?: Ref<unknown> }) {
  const child = isValidElement(children) ? (children as ReactElement<Props>) : null;
  const childRef = child?.props.ref;
  const composedRef = useCallback(
    (node: unknown) => {
      setRef(slotRef, node);
      setRef(childRef, node);
    },
    [slotRef, childRef],
  );
  if (!child) return null;
  const merged: Props = { ...slotProps };
  for (const [name, childValue] of Object.entries(child.props)) {
    const slotValue = slotProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (name === 'style') {
      merged.style = { ...(slotValue as object | undefined), ...(childValue as object | undefined) };
    } else if (name === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (name !== 'ref' && !(/^on[A-Z]/.test(name) && childValue === undefined)) {
      merged[name] = childValue;
    }
  }
  if (slotRef || childRef) merged.ref = slotRef && childRef ? composedRef : (slotRef ?? childRef);
  return cloneElement(child, merged);
}
