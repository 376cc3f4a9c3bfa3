import { useState } from 'react';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { Text } from '@tarojs/components';
import { BottomSheet } from '../../src/components/bottom-sheet';
import { overlayDepthOf } from '../../src/platform/overlay-back-core';
import { byTestId, isWeapp } from './helpers';

/** A sheet the test opens with a button, and a second one opened from inside it. */
function Host({ onClosed }: { onClosed: (which: string) => void }) {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <Text data-testid="open" onClick={() => setOuter(true)}>open</Text>
      <BottomSheet
        open={outer}
        testId="outer"
        closeTestId="outer-close"
        title="Outer"
        onClose={() => {
          onClosed('outer');
          setOuter(false);
        }}
      >
        <Text data-testid="open-inner" onClick={() => setInner(true)}>inner</Text>
      </BottomSheet>
      <BottomSheet
        open={inner}
        testId="inner"
        closeTestId="inner-close"
        title="Inner"
        onClose={() => {
          onClosed('inner');
          setInner(false);
        }}
      />
    </>
  );
}

const depth = () => overlayDepthOf(window.history.state);

// One platform per run: the mini-program's page-container, or the browser's history entries.
const platformDescribe = (name: string, weapp: boolean, fn: () => void) => {
  if (weapp === isWeapp) describe(name, fn);
};

platformDescribe('overlay back (mini-program)', true, () => {
  it('only the innermost open sheet holds the page-container that takes the page back', () => {
    const { container } = render(<Host onClosed={() => undefined} />);
    const containers = () => Array.from(container.querySelectorAll('taro-page-container-core, page-container')) as HTMLElement[];
    expect(containers()).toHaveLength(0);
    fireEvent.click(byTestId(container, 'open')[0]);
    expect(containers()).toHaveLength(1);
    fireEvent.click(byTestId(container, 'open-inner')[0]);
    expect(containers()).toHaveLength(2);
    const shown = containers().map((c) => String((c as unknown as { show?: boolean }).show ?? c.getAttribute('show')));
    expect(shown).toEqual(['false', 'true']);
    fireEvent.click(byTestId(container, 'inner-close')[0]);
    expect(containers()).toHaveLength(1);
  });
});

platformDescribe('overlay back (browser history)', false, () => {
  const start = () => window.history.length;

  it('Back closes the innermost sheet, then the next; the page entry stays', async () => {
    const closed: string[] = [];
    const { container } = render(<Host onClosed={(w) => closed.push(w)} />);
    const base = start();
    fireEvent.click(byTestId(container, 'open')[0]);
    expect(depth()).toBe(1);
    fireEvent.click(byTestId(container, 'open-inner')[0]);
    expect(depth()).toBe(2);
    expect(window.history.length).toBe(base + 2);

    act(() => window.history.back());
    await waitFor(() => expect(byTestId(container, 'inner')).toHaveLength(0));
    expect(byTestId(container, 'outer')).toHaveLength(1);
    expect(depth()).toBe(1);

    act(() => window.history.back());
    await waitFor(() => expect(byTestId(container, 'outer')).toHaveLength(0));
    expect(depth()).toBe(0);
    expect(closed).toEqual(['inner', 'outer']);
  });

  it('closing from the × pops its entry: no entry dangles for the next Back', async () => {
    const closed: string[] = [];
    const { container } = render(<Host onClosed={(w) => closed.push(w)} />);
    fireEvent.click(byTestId(container, 'open')[0]);
    expect(depth()).toBe(1);
    fireEvent.click(byTestId(container, 'outer-close')[0]);
    expect(byTestId(container, 'outer')).toHaveLength(0);
    await waitFor(() => expect(depth()).toBe(0));
    // The pop the close made is not a Back: nothing else closes.
    fireEvent.click(byTestId(container, 'open')[0]);
    await waitFor(() => expect(depth()).toBe(1));
    expect(closed).toEqual(['outer']);
    act(() => window.history.back());
    await waitFor(() => expect(byTestId(container, 'outer')).toHaveLength(0));
    expect(closed).toEqual(['outer', 'outer']);
    await waitFor(() => expect(depth()).toBe(0));
  });

  it('a Back that is not out of an overlay reaches the page', async () => {
    const heard = jest.fn();
    window.addEventListener('popstate', heard);
    window.history.pushState({ page: 2 }, '', window.location.href);
    act(() => window.history.back());
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    window.removeEventListener('popstate', heard);
  });
});
