/**
 * A link a component can carry (spec part 1 §2 link types, part 2 §3 Link and
 * pendant buttons). One schema per link type, told apart by `type`: a link with a
 * type not listed, or without what its type needs, is refused when a page is saved.
 * - custom: `url` or `value` (url wins when both are set) is an http(s) address or a path on this site;
 * - page, subgallery, gallery: `value` is the target's link id (`link_id` may repeat it);
 * - video: `link_id` of the gallery and `value`, the video id;
 * - home: the event's top page; order: `value`, the order page's link id;
 * - miniprogram: `appid` (wx + 16 hex digits) and an optional `path`;
 * - modal-image: an image shown in a modal (`modalcontent`, its hash), which leads to
 *   `modallink` when tapped; `modalauto` 1 shows it by itself, at most once per 24 h;
 * - empty: nothing happens.
 * `desc` (a label) and `url_labeling` may come with any type.
 */
import * as T from 'typebox';
import { ImageHash, Line, LinkIdField, Url } from './kit';

export const LINK_TYPES = ['custom', 'page', 'subgallery', 'gallery', 'video', 'home', 'order', 'miniprogram', 'modal-image', 'empty'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

const common = { desc: T.Optional(Line(200)), url_labeling: T.Optional(Line(64)) };
const link = <K extends LinkType, P extends T.TProperties>(type: K, properties: P, o: T.TObjectOptions = {}) =>
  T.Object({ type: T.Literal(type), ...common, ...properties }, { additionalProperties: false, ...o });

const VideoId = () => T.String({ pattern: '^[1-9]\\d{0,9}$', errorMessage: 'must be a video id (digits)' });
const AppId = () => T.String({ pattern: '^wx[0-9a-fA-F]{16}$', errorMessage: 'must be a mini-program appid (wx and 16 hex digits)' });
const ToLink = { value: LinkIdField(), link_id: T.Optional(LinkIdField()) };

export const LinkSchema = T.Union(
  [
    link(
      'custom',
      { value: T.Optional(Url()), url: T.Optional(Url()) },
      { anyOf: [{ required: ['value'] }, { required: ['url'] }], errorMessage: 'a custom link needs value or url' }
    ),
    link('page', ToLink),
    link('subgallery', ToLink),
    link('gallery', ToLink),
    link('video', { link_id: LinkIdField(), value: VideoId() }),
    link('home', {}),
    link('order', ToLink),
    link('miniprogram', { appid: AppId(), path: T.Optional(Line(500)) }),
    link('modal-image', { modalcontent: ImageHash(), modallink: T.Optional(Url()), modalauto: T.Optional(T.Union([T.Literal(0), T.Literal(1)], { errorMessage: 'must be 0 or 1' })) }),
    link('empty', {})
  ],
  { errorMessage: `must be a link {type: ${LINK_TYPES.join(' | ')}, …}` }
);
export type Link = T.Static<typeof LinkSchema>;
