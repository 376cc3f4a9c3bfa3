/** The wrapper every component sits in: its colour and container style (spec part 2 §1). */
import * as T from 'typebox';
import { Color } from './kit';

const Px = () => T.Integer({ minimum: 0, maximum: 200, errorMessage: 'must be a whole number of px from 0 to 200' });

export const WrapperSchema = T.Object(
  {
    /** Background colour of the wrapper. */
    background: T.Optional(Color()),
    /** Text colour inside the wrapper (the theme's h1 by default). */
    color: T.Optional(Color()),
    /** Container style: outer margin and inner padding in px, corner radius, and the card background. `commentsend` gets none. */
    container: T.Optional(
      T.Object(
        { margin: T.Optional(Px()), padding: T.Optional(Px()), radius: T.Optional(Px()), background: T.Optional(Color()) },
        { additionalProperties: false }
      )
    )
  },
  { additionalProperties: false }
);
export type ComponentWrapper = T.Static<typeof WrapperSchema>;
