// Face spots (server/src/services/face/spots.ts): when a face found by indexing a photo again
// is on the spot of a face a visitor erased, and when it is someone else nearby.
import { sameSpot } from '../../server/src/services/face/spots';

const erased = { x: 0.4, y: 0.2, w: 0.1, h: 0.15 };

test('the same face framed alike, larger or smaller is on the spot', () => {
  expect(sameSpot(erased, { ...erased })).toBe(true);
  expect(sameSpot(erased, { x: 0.41, y: 0.21, w: 0.09, h: 0.14 })).toBe(true);
  // Another engine's box 1.6× larger around the same centre (IoU below 0.4).
  expect(sameSpot(erased, { x: 0.37, y: 0.155, w: 0.16, h: 0.24 })).toBe(true);
});

test('a neighbour, and a much smaller face behind, are someone else', () => {
  expect(sameSpot(erased, { x: 0.5, y: 0.2, w: 0.1, h: 0.15 })).toBe(false);
  expect(sameSpot(erased, { x: 0.44, y: 0.26, w: 0.03, h: 0.045 })).toBe(false);
  expect(sameSpot(erased, { x: 0.1, y: 0.6, w: 0.1, h: 0.15 })).toBe(false);
});
