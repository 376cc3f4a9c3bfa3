/**
 * `navigator` renders nothing where it stands (spec part 2 §1): it configures the
 * bottom navigation of the page.
 */
export interface NavigatorProps {
  /** Show the My tab (tab 5): the "my context". */
  show_my: boolean;
  /** Label of tab 0: 'home' (Home), 'live' (Live Gallery) or 'back' (Back Home). */
  home_label: 'home' | 'live' | 'back';
}

export const NAVIGATOR_DEFAULTS: NavigatorProps = { show_my: false, home_label: 'home' };
