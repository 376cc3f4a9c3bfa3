import type { PendantActionKey } from '../pendant/pendantRules';
import { PC_PENDANTS as PC_ORDER } from '../pendant/pendantRules';
import { DOCK_MAX_SLOTS } from './PageEventsStore';

/**
 * Where the floating controls go (issue 12: they never cover content).
 *
 * Phones: the pendants sit in the bottom bar, right of the navigation tabs, one
 * place each; what does not fit, and what the organiser marked hidden, folds into a
 * more-menu (spec part 1 §2: "Mobile: a list with a fold-out more-menu for hidden
 * ones"). Desktops (wider than 800 px): the PC set of the spec ("lucky-draw button,
 * good button, language button") stacks in the right gutter, none folded.
 */

/** Bar widths in design px (750 across a phone): the bar, the narrowest a tab may get, one docked place. */
export const DOCK_BAR_WIDTH = 750;
export const DOCK_TAB_MIN = 150;
export const DOCK_SLOT = 88;

/** Types the desktop shows (spec part 1 §2 PC pendants: the lucky draw, good and language). */
export const PC_PENDANTS: ReadonlySet<PendantActionKey> = new Set<PendantActionKey>(PC_ORDER);

/** What the plan reads of a button. */
export interface Plannable {
  type: PendantActionKey;
  hidden?: boolean;
}

export interface PendantPlan<B extends Plannable = Plannable> {
  /** Buttons in the dock, in the organiser's order (desktops: the spec's order). */
  shown: B[];
  /** Buttons in the more-menu (the more button shows when there are any). */
  folded: B[];
  /** Places taken in the dock (the more button counts). */
  slots: number;
}

/** Places the bar has for pendants beside `tabs` tabs, after `reserved` other places. */
export function dockCapacity(tabs: number, reserved: number): number {
  const free = Math.floor((DOCK_BAR_WIDTH - Math.max(0, tabs) * DOCK_TAB_MIN) / DOCK_SLOT) - Math.max(0, reserved);
  return Math.max(1, Math.min(DOCK_MAX_SLOTS, free));
}

/** Which buttons show and which fold, for a phone (with `capacity` places) or a desktop. */
export function planPendants<B extends Plannable>(buttons: B[], opts: { pc: boolean; capacity: number }): PendantPlan<B> {
  if (opts.pc) {
    // One of each, in the spec's order (lucky draw, good, language), hidden or not.
    const shown = PC_ORDER.map((type) => buttons.find((b) => b.type === type)).filter((b): b is B => !!b);
    return { shown, folded: [], slots: shown.length };
  }
  const open = buttons.filter((b) => !b.hidden);
  const hidden = buttons.filter((b) => b.hidden);
  const cap = Math.max(1, opts.capacity);
  if (hidden.length === 0 && open.length <= cap) return { shown: open, folded: [], slots: open.length };
  // A more button takes one place; the first buttons fill the others.
  const room = cap - 1;
  const shown = open.slice(0, room);
  const folded = [...open.slice(room), ...hidden];
  return { shown, folded, slots: shown.length + 1 };
}
