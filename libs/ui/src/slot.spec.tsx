import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Slot } from './slot';

describe(Slot.name, () => {
  it("renders its child with its own props merged in: the child's win, both handlers run (the child's first), classes join, both refs are set", () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLAnchorElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Slot ref={slotRef} className="button" title="slot" data-variant="outline" style={{ color: 'red', margin: 1 }} onClick={() => calls.push('slot')}>
        <a href="/subscribe" ref={childRef} className="wide" title="child" style={{ color: 'blue' }} onClick={() => calls.push('child')}>
          Upgrade
        </a>
      </Slot>,
    );

    const link = screen.getByRole('link', { name: 'Upgrade' });
    fireEvent.click(link);

    expect(calls).toEqual(['child', 'slot']);
    expect(link.className).toBe('button wide');
    expect(link.title).toBe('child');
    expect(link.dataset.variant).toBe('outline');
    expect(link.style.color).toBe('blue');
    expect(link.style.margin).toBe('1px');
    expect(slotRef.current).toBe(link);
    expect(childRef.current).toBe(link);
  });
});
