import { useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { BUTTONGROUP_MAX_COLUMNS, type ButtonGroupModal, type ButtonGroupProps, type GroupButton } from '../../../types/page/buttongroup';
import { isActiveLink } from '../../stores/links/follow';
import { imageUrl } from '../../utils/image';
import { useLinkFollower } from '../useLink';
import type { PageComponentRenderProps } from '../types';
import ButtonGroupSheet from './ButtonGroupSheet';
import './buttongroup.scss';

/** Whether the group has something to show in a modal (a button for an empty modal is not shown). */
export function modalHasContent(props: ButtonGroupProps, modal: ButtonGroupModal): boolean {
  if (modal === 'sponsor') return (props.sponsors ?? []).some((s) => s && s.name);
  if (modal === 'guest') return (props.guests ?? []).some((g) => g && g.name);
  const a = props.activity;
  return !!a && !!(a.title || a.time || a.place || a.detail || a.image);
}

/** The buttons that do something: open a modal with content, or follow a link that leads somewhere. */
export function workingButtons(props: ButtonGroupProps): GroupButton[] {
  const buttons = Array.isArray(props.buttons) ? props.buttons : [];
  return buttons.filter((b) => b && typeof b.text === 'string' && b.text.trim() && (b.modal ? modalHasContent(props, b.modal) : isActiveLink(b.link)));
}

/** `buttongroup`: a row of buttons; each follows its link or opens the sponsor, guest or activity modal. */
function ButtonGroup({ id, props, ctx }: PageComponentRenderProps<'buttongroup'>) {
  const follow = useLinkFollower(ctx);
  const [open, setOpen] = useState<ButtonGroupModal | null>(null);
  const buttons = workingButtons(props);
  if (!buttons.length) return null;
  const columns = Math.min(BUTTONGROUP_MAX_COLUMNS, props.columns > 0 ? props.columns : buttons.length);
  const style = { background: props.color || ctx.theme.main, color: props.text_color || '#ffffff' };
  return (
    <View className="buttongroup" data-testid="buttongroup" data-columns={columns}>
      {buttons.map((b, i) => (
        <View key={`${id}-${i}`} className="buttongroup__cell" style={{ width: `${100 / columns}%` }}>
          <View
            className="buttongroup__button"
            data-testid="buttongroup-button"
            data-modal={b.modal ?? ''}
            role="button"
            style={style}
            onClick={() => (b.modal ? setOpen(b.modal) : follow(b.link))}
          >
            {b.icon ? <Image className="buttongroup__icon" src={imageUrl(b.icon, 'avatar_150', ctx.gallery.id)} mode="aspectFit" /> : null}
            <Text className="buttongroup__text">{b.text}</Text>
          </View>
        </View>
      ))}
      {open ? <ButtonGroupSheet modal={open} props={props} ctx={ctx} onClose={() => setOpen(null)} follow={follow} /> : null}
    </View>
  );
}

export default observer(ButtonGroup);
