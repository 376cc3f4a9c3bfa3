/** The wrapper every component sits in: its colour and container style (spec part 2 §1). */
export interface ComponentWrapper {
  /** Background colour of the wrapper. */
  background?: string;
  /** Text colour inside the wrapper. */
  color?: string;
  /** Container style: outer margin and inner padding in px, corner radius, and the card background. */
  container?: {
    margin?: number;
    padding?: number;
    radius?: number;
    background?: string;
  };
}
