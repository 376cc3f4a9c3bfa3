/**
 * A link a component can carry (spec part 1 §2 link types, part 2 §3 Link and
 * pendant buttons). One schema per link type, told apart by `type`: a link with a
 * type not listed, or without what its type needs, is refused when a page is saved.
 * - custom: `url` or `value` (url wins when both are set) is an http(s) address or a path on this site;
 * - page, subgallery, gallery: `value` or `link_id` is the target's link id;
 * - video: `link_id` of the gallery and `value`, the video id;
 * - home: the event's top page; order: `value` or `link_id`, the order page's link id;
 * - miniprogram: `appid` (wx + 16 hex digits) and an optional `path`;
 * - modal-image: an image shown in a modal (`modalcontent`, its hash), which leads to
 *   `modallink` (a link of any other type) when tapped; `modalauto` true opens it by itself
 *   when the page opens, at most once per 24 h per image (spec part 2 §9);
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
const ToLink = { value: T.Optional(LinkIdField()), link_id: T.Optional(LinkIdField()) };
/** page, subgallery, gallery, order: the target's link id in `value` or `link_id`. */
const NEEDS_TARGET = { anyOf: [{ required: ['value'] }, { required: ['link_id'] }], errorMessage: 'needs value or link_id (the target\'s link id)' };

const TARGETS = [
  link(
    'custom',
    { value: T.Optional(Url()), url: T.Optional(Url()) },
    { anyOf: [{ required: ['value'] }, { required: ['url'] }], errorMessage: 'a custom link needs value or url' }
  ),
  link('page', ToLink, NEEDS_TARGET),
  link('subgallery', ToLink, NEEDS_TARGET),
  link('gallery', ToLink, NEEDS_TARGET),
  link('video', { link_id: LinkIdField(), value: VideoId() }),
  link('home', {}),
  link('order', ToLink, NEEDS_TARGET),
  link('miniprogram', { appid: AppId(), path: T.Optional(Line(500)) })
] as const;
const EmptyLink = link('empty', {});

/** Where a modal image leads when tapped: a link of any type but another modal image. */
export const ModalTargetSchema = T.Union([...TARGETS, EmptyLink], {
  errorMessage: `must be a link {type: ${LINK_TYPES.filter((t) => t !== 'modal-image').join(' | ')}, …}`
});

export const LinkSchema = T.Union(
  [
    ...TARGETS,
    link('modal-image', { modalcontent: ImageHash(), modallink: T.Optional(ModalTargetSchema), modalauto: T.Optional(T.Boolean()) }),
    EmptyLink
  ],
  { errorMessage: `must be a link {type: ${LINK_TYPES.join(' | ')}, …}` }
);
export type Link = T.Static<typeof LinkSchema>;
