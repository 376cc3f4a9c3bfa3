// The demo event's content blocks of issue 14 part 2: a splash page (guide) when the top page opens,
// and two folds of the "event info" accordion: "Hosts and sponsors" (a button group with the sponsor,
// guest and activity modals) and "Highlights" (tabs with the most-liked photos and the slideshow).
// Inside the accordion they take no room above the photo list, and their code loads only when opened.
import type { PageComponent } from '../../../types/page';
import { mulberry32, sceneSvg } from './demo-art';

const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The splash picture: the stage scene in portrait with the event's name, drawn at seed time.
 * The text stays in the middle 70 % of the width: a phone taller than 750×1334 crops the sides.
 */
export function splashSvg(W = 750, H = 1334): string {
  const scene = sceneSvg('stage', mulberry32(20260521), W, H);
  const text =
    `<rect y="${Math.round(H * 0.58)}" width="${W}" height="${Math.round(H * 0.42)}" fill="#000000" fill-opacity="0.35"/>` +
    `<text x="${W / 2}" y="${Math.round(H * 0.7)}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${Math.round(W * 0.075)}" fill="#ffffff">Spring Gala 2026</text>` +
    `<text x="${W / 2}" y="${Math.round(H * 0.77)}" text-anchor="middle" font-family="${FONT}" font-size="${Math.round(W * 0.036)}" fill="#ffffff" fill-opacity="0.9">Tonight · Grand Hall, Riverside Center</text>` +
    `<text x="${W / 2}" y="${Math.round(H * 0.83)}" text-anchor="middle" font-family="${FONT}" font-size="${Math.round(W * 0.04)}" fill="#f2c14e">Live photos while we shoot</text>`;
  return scene.replace(/<\/svg>$/, `${text}</svg>`);
}

/** A sponsor's logo: its initials on its colour. */
export function sponsorLogoSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">
    <rect width="240" height="240" rx="48" fill="${color}"/>
    <text x="120" y="150" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="88" fill="#ffffff">${esc(initials)}</text>
  </svg>`;
}

export const DEMO_SPONSORS = [
  { initials: 'RB', color: '#1d4ed8', name: 'Riverside Bank', desc: 'Main sponsor of the Spring Gala since 2019.' },
  { initials: 'KC', color: '#92400e', name: 'Kite Coffee', desc: 'Coffee and desserts in the foyer all evening.' },
  { initials: 'LS', color: '#047857', name: 'Lumen Studios', desc: 'Lights and sound on the Grand Hall stage.' }
] as const;

/** Component id of the splash: a browser test or a returning visitor's device keys its 24 h on it. */
export const DEMO_GUIDE_ID = 'guide-splash';

/** The splash page: four seconds, a skip countdown on a dark translucent bar. */
export function splashGuide(image: string): PageComponent {
  return { id: DEMO_GUIDE_ID, type: 'guide', props: { image, autoPlay: true, duration: 4, showBar: true, barColor: '#000000', opacity: 0.45 } };
}

const GUESTS = [
  { name: 'Ada Lin', desc: 'Host of the evening. Twenty years on stage and screen.' },
  { name: 'Marco Rossi', desc: 'Chef of tonight\'s dinner, two Michelin stars.' },
  { name: 'Wei Zhang', desc: 'Photographer: the red carpet and the stage.' },
  { name: 'The Riverside Band', desc: 'Jazz and swing from 21:30.' }
];

/** Folds for the event-info accordion: the button group, and the highlights in tabs. */
export function blockFolds(sponsorLogos: string[], carpetLinkId: string): Array<{ title: string; children: PageComponent[] }> {
  return [
    {
      title: 'Hosts and sponsors',
      children: [
        {
          id: 'buttongroup-1',
          type: 'buttongroup',
          props: {
            buttons: [
              { text: 'Sponsors', modal: 'sponsor' },
              { text: 'Guests', modal: 'guest' },
              { text: 'About', modal: 'activity' },
              { text: 'Red Carpet', link: { type: 'subgallery', value: carpetLinkId, link_id: carpetLinkId } }
            ],
            columns: 2,
            sponsors: DEMO_SPONSORS.map((s, i) => ({ name: s.name, desc: s.desc, ...(sponsorLogos[i] ? { logo: sponsorLogos[i] } : {}) })),
            guests: GUESTS,
            activity: {
              title: 'Spring Gala 2026',
              time: 'Today, 17:30 – 23:00',
              place: 'Grand Hall, Riverside Center · 88 Riverside Road',
              detail: 'An evening of awards, dinner and music. Photographers upload as they shoot: new photos appear in this album within seconds.'
            }
          }
        }
      ]
    },
    {
      title: 'Highlights',
      children: [
        {
          id: 'tab-highlights',
          type: 'tab',
          props: {
            mode: 'top',
            items: [
              { title: 'Most liked', children: [{ id: 'hot-pic-1', type: 'hot_pic', props: { count: 6, template: 'template1' } }] },
              { title: 'Top 10', children: [{ id: 'hot-1', type: 'hot', props: { count: 10, template: 'template2' } }] },
              { title: 'Slideshow', children: [{ id: 'carousel-1', type: 'carousel', props: { ratio: 0.5625, time: 5, effect: 'fade' } }] }
            ]
          }
        }
      ]
    }
  ];
}
