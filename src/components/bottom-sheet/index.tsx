import type { ReactNode } from 'react';
import { View, Text, ScrollView } from '@tarojs/components';
import OverlayBack from '../../platform/overlay-back';
import './index.scss';

/*
 * Why not taro-ui's AtFloatLayout (tried first, 3.3.2 on Taro 4.2.1): it renders in the
 * H5 runtime, but
 * - it passes no test ids or data-* attributes through (root, mask and × get none), and
 *   the tests find the mask and the × by test id (gallery-switch-mask, …-close);
 * - a tap on its mask always closes it, in its own state: the login dialog must stay
 *   open while a login is under way, and the login popup has no mask close at all;
 * - everything goes inside its ScrollView: no fixed row above or below the scroll area
 *   (the switch panel's tabs and button, the collage's Save and Close);
 * - it only slides up from the bottom: the pay QR, login and collage dialogs are centred.
 * So the sheet is ours (no taro-ui code or styles in the bundle); the markup stays small.
 */

export type SheetPlacement = 'bottom' | 'center';

export interface BottomSheetProps {
  /** false renders nothing (default true: the caller mounts the sheet only while open). */
  open?: boolean;
  /** 'bottom' (default): a panel sliding up from the bottom edge, with safe-area padding; 'center': a dialog in the middle. */
  placement?: SheetPlacement;
  /** Title in the head row. */
  title?: ReactNode;
  /** Called by the ×, (when maskClosable) by a tap on the mask, and by Back (H5 history, the mini-program's page back). */
  onClose?: () => void;
  /** Back closes the sheet (default: when onClose is given); false leaves Back to the page. */
  backCloses?: boolean;
  /** A tap on the mask closes (default: true when onClose is given). */
  maskClosable?: boolean;
  /** Show the × in the head (default: when there is a title and onClose). */
  closable?: boolean;
  /** Accessible name of the ×. */
  closeLabel?: string;
  /** Content under the head row that does not scroll (tabs). */
  header?: ReactNode;
  /** Content under the body that does not scroll (action buttons). */
  footer?: ReactNode;
  /** Put the children into a vertical scroll area. */
  scroll?: boolean;
  lowerThreshold?: number;
  onScrollToLower?: () => void;
  /** Stop touch moves at the sheet (mini-program: the page behind does not scroll). */
  catchMove?: boolean;
  /** Extra classes: the caller's own block (root), panel and scroll area, to size and colour them. */
  className?: string;
  panelClassName?: string;
  bodyClassName?: string;
  /** Test ids of the root, the panel, the mask, the title and the ×. */
  testId?: string;
  panelTestId?: string;
  maskTestId?: string;
  titleTestId?: string;
  closeTestId?: string;
  /** data-* attributes of the root, without the prefix ({phase: 'making'} → data-phase="making"). */
  dataset?: Record<string, string | number>;
  children?: ReactNode;
}

const cls = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

/** The one sheet: mask, panel (bottom or centred), optional title and ×, optional scroll area. */
export function BottomSheet(props: BottomSheetProps) {
  const { open = true, placement = 'bottom', title, onClose } = props;
  if (!open) return null;
  const maskClosable = props.maskClosable ?? !!onClose;
  const closable = props.closable ?? (title != null && !!onClose);
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(props.dataset ?? {})) data[`data-${k}`] = v;
  const hasHead = title != null || closable;
  return (
    <View className={cls('bottom-sheet', `bottom-sheet--${placement}`, props.className)} data-testid={props.testId} catchMove={props.catchMove} {...data}>
      {onClose && props.backCloses !== false ? <OverlayBack open onBack={onClose} /> : null}
      <View className={cls('bottom-sheet__mask', `bottom-sheet__mask--${placement}`)} data-testid={props.maskTestId} onClick={maskClosable ? () => onClose?.() : undefined} />
      <View className={cls('bottom-sheet__panel', `bottom-sheet__panel--${placement}`, props.panelClassName)} data-testid={props.panelTestId} role="dialog">
        {hasHead ? (
          <View className={cls('bottom-sheet__head', !closable && 'bottom-sheet__head--title-only')}>
            {title != null ? (
              <Text className={cls('bottom-sheet__title', `bottom-sheet__title--${placement}`)} data-testid={props.titleTestId}>
                {title}
              </Text>
            ) : null}
            {closable ? (
              <View className="bottom-sheet__close" data-testid={props.closeTestId} aria-label={props.closeLabel} onClick={() => onClose?.()}>
                <Text>×</Text>
              </View>
            ) : null}
          </View>
        ) : null}
        {props.header}
        {props.scroll ? (
          <ScrollView
            className={cls('bottom-sheet__body', props.bodyClassName)}
            scrollY
            {...(props.lowerThreshold != null ? { lowerThreshold: props.lowerThreshold } : {})}
            {...(props.onScrollToLower ? { onScrollToLower: props.onScrollToLower } : {})}
          >
            {props.children}
          </ScrollView>
        ) : (
          props.children
        )}
        {props.footer}
      </View>
    </View>
  );
}
