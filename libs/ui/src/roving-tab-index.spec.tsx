import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { rovingTarget, useRovingTabIndex } from './roving-tab-index';

describe(rovingTarget.name, () => {
  it('moves to the next item with Right and Down and to the previous one with Left and Up, wrapping round', () => {
    expect(rovingTarget('ArrowRight', 1, 4)).toBe(2);
    expect(rovingTarget('ArrowDown', 3, 4)).toBe(0);
    expect(rovingTarget('ArrowLeft', 1, 4)).toBe(0);
    expect(rovingTarget('ArrowUp', 0, 4)).toBe(3);
  });

  it('moves to the first item with Home and the last with End, and nowhere with other keys', () => {
    expect(rovingTarget('Home', 2, 4)).toBe(0);
    expect(rovingTarget('End', 1, 4)).toBe(3);
    expect(rovingTarget('Tab', 1, 4)).toBeNull();
    expect(rovingTarget('a', 1, 4)).toBeNull();
  });
});

/** A radio group of three colours on the hook, as a component uses it. */
function Colours({ initial }: { initial: number }) {
  const colours = ['Red', 'Green', 'Blue'];
  const [chosen, setChosen] = useState(initial);
  const item = useRovingTabIndex(colours.length, chosen, setChosen);
  return (
    <div role="radiogroup" aria-label="Colour">
      {colours.map((colour, index) => (
        <button key={colour} type="button" role="radio" aria-checked={index === chosen} onClick={() => setChosen(index)} {...item(index)}>
          {colour}
        </button>
      ))}
    </div>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });
/** The names of the items the Tab key stops at. */
const tabStops = () => screen.getAllByRole('radio').filter((element) => element.tabIndex === 0).map((element) => element.textContent);

describe(useRovingTabIndex.name, () => {
  it('makes the group one Tab stop, its chosen item, and the others reachable only by the keys', () => {
    render(<Colours initial={1} />);

    expect(tabStops()).toEqual(['Green']);
    expect(radio('Red').tabIndex).toBe(-1);
    expect(radio('Blue').tabIndex).toBe(-1);
  });

  it('chooses and focuses the next and previous items with the arrow keys, the Tab stop following', () => {
    render(<Colours initial={0} />);
    radio('Red').focus();

    fireEvent.keyDown(radio('Red'), { key: 'ArrowRight' });
    expect(radio('Green').getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(radio('Green'));
    expect(tabStops()).toEqual(['Green']);

    fireEvent.keyDown(radio('Green'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(radio('Blue'));
    fireEvent.keyDown(radio('Blue'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('Red'));
    fireEvent.keyDown(radio('Red'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(radio('Blue'));
    fireEvent.keyDown(radio('Blue'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(radio('Green'));
    expect(radio('Green').getAttribute('aria-checked')).toBe('true');
    expect(tabStops()).toEqual(['Green']);
  });

  it('goes to the first item with Home and the last with End', () => {
    render(<Colours initial={1} />);

    fireEvent.keyDown(radio('Green'), { key: 'End' });
    expect(document.activeElement).toBe(radio('Blue'));
    expect(radio('Blue').getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(radio('Blue'), { key: 'Home' });
    expect(document.activeElement).toBe(radio('Red'));
    expect(tabStops()).toEqual(['Red']);
  });

  it('leaves other keys, and arrows with a modifier, to the browser', () => {
    render(<Colours initial={1} />);
    radio('Green').focus();

    expect(fireEvent.keyDown(radio('Green'), { key: 'Tab' })).toBe(true); // not prevented
    expect(fireEvent.keyDown(radio('Green'), { key: 'ArrowRight', altKey: true })).toBe(true);
    expect(document.activeElement).toBe(radio('Green'));
    expect(fireEvent.keyDown(radio('Green'), { key: 'ArrowRight' })).toBe(false); // the page does not scroll
  });

  it('makes the first item the Tab stop while none is chosen', () => {
    render(<Colours initial={-1} />);

    expect(tabStops()).toEqual(['Red']);
  });
});
