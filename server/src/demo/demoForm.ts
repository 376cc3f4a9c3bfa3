import type { PageComponent } from '../../../types/page';

/** The demo's registration form id (a fold of the event-info accordion). */
export const DEMO_FORM_ID = 'form-register';

/**
 * The demo's registration form (issue 14 Deliver 7): name and mobile (with its SMS code) are
 * required; the rest is optional. Submissions are read back with
 * `npm run gallery -- submissions <demo link>` or the organiser API.
 */
export function registrationForm(): PageComponent {
  return {
    id: DEMO_FORM_ID,
    type: 'form',
    props: {
      title: 'Register for the Spring Gala',
      submit_text: 'Register',
      children: [
        { id: 'reg-name', type: 'form_input', props: { field: 'Name', required: true, max: 40, placeholder: 'Your full name' } },
        { id: 'reg-mobile', type: 'form_phone', props: { field: 'Mobile', required: true } },
        { id: 'reg-company', type: 'form_input', props: { field: 'Company', max: 60 } },
        { id: 'reg-session', type: 'form_radio', props: { field: 'Session', options: ['Afternoon forum', 'Evening gala', 'Both'] } },
        { id: 'reg-meals', type: 'form_checkbox', props: { field: 'Meals', options: ['Lunch', 'Dinner'] } },
        { id: 'reg-arrival', type: 'form_time', props: { field: 'Arrival time' } },
        { id: 'reg-note', type: 'form_textarea', props: { field: 'Dietary needs or questions', max: 200 } }
      ]
    }
  };
}
