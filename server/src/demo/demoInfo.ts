// The demo event's "event info" accordion: the schedule and practical notes as rich content
// (stored cleaned in `contents`, named by hash), and a floor plan that opens in an image modal.
import type { PageComponent } from '../../../types/page';
import { registrationForm } from './demoForm';

export const SCHEDULE_HTML = `
<h3 style="text-align:center">Spring Gala 2026 · Schedule</h3>
<table>
  <thead><tr><th>Time</th><th>What</th><th>Where</th></tr></thead>
  <tbody>
    <tr><td>17:30</td><td>Doors open, welcome drinks</td><td>Foyer</td></tr>
    <tr><td>18:00</td><td><strong>Red carpet</strong> arrivals</td><td>Main entrance</td></tr>
    <tr><td>19:00</td><td>Opening speech</td><td>Grand Hall stage</td></tr>
    <tr><td>19:30</td><td>Dinner and awards</td><td>Grand Hall</td></tr>
    <tr><td>21:30</td><td>Band and dancing</td><td>Grand Hall</td></tr>
  </tbody>
</table>
<p style="color:#666666">Photographers upload as they shoot: new photos appear in this album within seconds.</p>`;

export const NOTES_HTML = `
<ul>
  <li><strong>Wi-Fi:</strong> SpringGala-Guest, password <code>gala2026</code></li>
  <li><strong>Parking:</strong> Lot B, free with the ticket; the shuttle runs every 15 minutes.</li>
  <li><strong>Photos:</strong> tap a photo to open it, ♥ to like it, and use <em>Find</em> in the face gallery to find yourself.</li>
  <li>Questions: <a href="tel:+864000000000">400-000-0000</a> or <a href="mailto:hello@example.com">hello@example.com</a></li>
</ul>`;

/** The venue's floor plan as an SVG (drawn at seed time, stored as a page asset). */
export function floorPlanSvg(): string {
  const room = (x: number, y: number, w: number, h: number, fill: string, label: string, size = 34) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="${fill}" stroke="#334155" stroke-width="4"/>` +
    `<text x="${x + w / 2}" y="${y + h / 2 + size / 3}" font-family="sans-serif" font-size="${size}" text-anchor="middle" fill="#0f172a">${label}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#f8fafc"/>
    <text x="600" y="70" font-family="sans-serif" font-size="44" font-weight="bold" text-anchor="middle" fill="#0f172a">Grand Hall · Riverside Center</text>
    ${room(60, 120, 700, 460, '#e0f2fe', 'Grand Hall', 48)}
    ${room(260, 140, 300, 90, '#fde68a', 'Stage')}
    ${room(800, 120, 340, 220, '#dcfce7', 'Foyer')}
    ${room(800, 370, 340, 210, '#fce7f3', 'Photo wall')}
    ${room(60, 620, 520, 130, '#fee2e2', 'Red carpet')}
    ${room(620, 620, 520, 130, '#ede9fe', 'Main entrance')}
  </svg>`;
}

const ACT_INFO = {
  time: 'Today, 17:30 – 23:00',
  map: { name: 'Grand Hall, Riverside Center', address: '88 Riverside Road', latitude: 31.2397, longitude: 121.4998 },
  sponsor: 'Spring Gala Committee',
  detail: 'An evening of awards, dinner and music. Photographers upload as they shoot: new photos appear in this album within seconds.'
};

const PROGRAMME = [
  { type: 'title', title: 'Tonight' },
  { type: 'flow', time: '17:30', title: 'Doors open', desc: 'Welcome drinks in the foyer' },
  { type: 'flow', time: '18:00', title: 'Red carpet arrivals', desc: 'Main entrance' },
  { type: 'flow', time: '19:00', title: 'Opening speech', desc: 'Grand Hall stage' },
  { type: 'flow', time: '19:30', title: 'Dinner and awards' },
  { type: 'flow', time: '21:30', title: 'Band and dancing' }
];

const GUESTS = [
  { name: 'Ada Lin', desc: 'Host of the evening. Twenty years on stage and screen.' },
  { name: 'Marco Rossi', desc: 'Chef of tonight\'s dinner, two Michelin stars.' },
  { name: 'Wei Zhang', desc: 'Photographer: the red carpet and the stage.' },
  { name: 'The Riverside Band', desc: 'Jazz and swing from 21:30.' }
];

const CONTACT = { cid: 'desk', name: 'Guest desk', level: 'Spring Gala Committee', phone: '400-000-0000' };

/** The accordion: the event, its programme, the guests, the floor plan (a tap opens it large), practical notes and whom to call. */
export function eventInfo(
  scheduleHash: string,
  notesHash: string,
  planHash: string,
  /** More folds at the end (demoBlocks.ts: hosts and sponsors, highlights). */
  more: Array<{ title: string; children: PageComponent[] }> = []
): PageComponent {
  return {
    id: 'collapse-info',
    type: 'collapse',
    props: {
      items: [
        { title: 'About the event', expand: false, children: [{ id: 'actinfo-1', type: 'actinfo', props: ACT_INFO }] },
        { title: 'Programme', children: [{ id: 'actflow-1', type: 'actflow', props: { items: PROGRAMME } }] },
        { title: 'Guests', children: [{ id: 'guests-1', type: 'guests', props: { items: GUESTS } }] },
        {
          title: 'Venue and floor plan',
          children: [
            {
              id: 'image-plan',
              type: 'image',
              props: { columns: 1, gap: 0, items: [{ image: planHash, link: { type: 'modal-image', modalcontent: planHash } }] }
            }
          ]
        },
        { title: 'Schedule (printable)', children: [{ id: 'richtext-schedule', type: 'richtext', props: { hash: scheduleHash } }] },
        {
          title: 'Wi-Fi, parking and help',
          children: [
            { id: 'richtext-notes', type: 'richtext', props: { hash: notesHash } },
            { id: 'contact-1', type: 'contact', props: { items: [CONTACT] } }
          ]
        },
        ...more,
        { title: 'Register', children: [registrationForm()] }
      ]
    },
    wrapper: { background: '#f5f5f5', container: { margin: 12, padding: 0, radius: 12, background: '#ffffff' } }
  };
}
