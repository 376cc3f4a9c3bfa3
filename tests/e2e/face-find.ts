// The Find dialog's first steps, as a visitor takes them (face browser tests): the Find pendant
// (folded into the more-menu beside the tabs, when it is), the selfie chosen, both consents given.
// The caller submits.
import { visibleTestId, type TrackedPage } from './support';

export async function findWithSelfie(t: TrackedPage, selfiePath: string): Promise<void> {
  if ((await t.page.getByTestId('pendent-people').filter({ visible: true }).count()) === 0) await t.page.getByTestId('pendent-more').filter({ visible: true }).first().click();
  await t.page.getByTestId('pendent-people').filter({ visible: true }).first().click();
  await visibleTestId(t, 'face-dialog');
  const [chooser] = await Promise.all([t.page.waitForEvent('filechooser'), t.page.getByTestId('face-upload').click()]);
  await chooser.setFiles(selfiePath);
  await visibleTestId(t, 'face-crop');
  await t.page.locator('[data-testid="face-consent"] .at-checkbox__option').click();
  await t.page.locator('[data-testid="face-adult"] .at-checkbox__option').click();
}
