import { fireEvent, render } from '@testing-library/react';
import { Text } from '@tarojs/components';
import { BottomSheet } from '../../src/components/bottom-sheet';
import { byTestId } from './helpers';

describe('bottom sheet', () => {
  it('passes the test ids and data through; the mask and the × close', () => {
    const onClose = jest.fn();
    const { container } = render(
      <BottomSheet testId="s" maskTestId="s-mask" closeTestId="s-close" titleTestId="s-title" title="Title" dataset={{ phase: 'making' }} onClose={onClose}>
        <Text data-testid="s-child">hello</Text>
      </BottomSheet>
    );
    const root = byTestId(container, 's')[0];
    expect(root.getAttribute('data-phase')).toBe('making');
    expect(root.className).toContain('bottom-sheet--bottom');
    expect(byTestId(container, 's-title')[0].textContent).toBe('Title');
    expect(byTestId(container, 's-child')[0].textContent).toBe('hello');
    fireEvent.click(byTestId(container, 's-mask')[0]);
    fireEvent.click(byTestId(container, 's-close')[0]);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('a centred dialog may keep its mask from closing and show no ×', () => {
    const onClose = jest.fn();
    const { container } = render(
      <BottomSheet placement="center" testId="d" maskTestId="d-mask" closeTestId="d-close" title="T" onClose={onClose} maskClosable={false} closable={false} />
    );
    expect(byTestId(container, 'd')[0].className).toContain('bottom-sheet--center');
    fireEvent.click(byTestId(container, 'd-mask')[0]);
    expect(onClose).not.toHaveBeenCalled();
    expect(byTestId(container, 'd-close')).toHaveLength(0);
  });

  it('puts the children into a scroll area on request, between header and footer', () => {
    const { container } = render(
      <BottomSheet testId="s" scroll bodyClassName="my-body" header={<Text data-testid="h">h</Text>} footer={<Text data-testid="f">f</Text>}>
        <Text data-testid="c">c</Text>
      </BottomSheet>
    );
    const body = container.querySelector('.my-body')!;
    expect(body.className).toContain('bottom-sheet__body');
    expect(byTestId(body as HTMLElement, 'c')).toHaveLength(1);
    expect(byTestId(body as HTMLElement, 'h')).toHaveLength(0);
    expect(byTestId(body as HTMLElement, 'f')).toHaveLength(0);
  });

  it('renders nothing when closed', () => {
    const { container } = render(<BottomSheet open={false} testId="s" />);
    expect(byTestId(container, 's')).toHaveLength(0);
  });
});
