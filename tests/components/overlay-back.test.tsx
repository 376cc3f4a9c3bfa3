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

platformDescribe('overlay back: an entry left behind (browser history)', false, () => {
  it('arriving by Back on the entry of an overlay that closed meanwhile skips it', async () => {
    const heard = jest.fn();
    const { container } = render(<Host onClosed={() => undefined} />);
    fireEvent.click(byTestId(container, 'open')[0]);
    expect(depth()).toBe(1);
    // Another page is pushed on top, then the sheet closes (its entry is no longer the current one).
    window.history.pushState({ page: 'next' }, '', window.location.href);
    fireEvent.click(byTestId(container, 'outer-close')[0]);
    expect(overlayDepthOf(window.history.state)).toBe(0);
    window.addEventListener('popstate', heard);
    // Back from that page: the router hears it, and the stale entry is skipped.
    act(() => window.history.back());
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(heard.mock.calls[0][0].state).toEqual(expect.objectContaining({ __overlayDepth: 1 }));
    await waitFor(() => expect(depth()).toBe(0));
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', heard);
  });
});

/** A prompt whose button hands over to a popup in the same tap. */
function Handover() {
  const [step, setStep] = useState<'none' | 'prompt' | 'popup'>('none');
  return (
    <>
      <Text data-testid="ask" onClick={() => setStep('prompt')}>ask</Text>
      <BottomSheet open={step === 'prompt'} testId="prompt" onClose={() => setStep('none')}>
        <Text data-testid="ok" onClick={() => setStep('popup')}>ok</Text>
      </BottomSheet>
      <BottomSheet open={step === 'popup'} testId="popup" onClose={() => setStep('none')} />
    </>
  );
}

platformDescribe('overlay back: one overlay hands over to another (browser history)', false, () => {
  it('the popup reuses the entry of the prompt it replaced; one Back closes it', async () => {
    const { container } = render(<Handover />);
    fireEvent.click(byTestId(container, 'ask')[0]);
    fireEvent.click(byTestId(container, 'ok')[0]);
    expect(byTestId(container, 'popup')).toHaveLength(1);
    await act(() => Promise.resolve());
    // One entry above the page's: the popup stands on the prompt's.
    expect(depth()).toBe(1);
    act(() => window.history.back());
    await waitFor(() => expect(byTestId(container, 'popup')).toHaveLength(0));
    expect(depth()).toBe(0);
  });
});
