import type { PageComponent } from '../../../types/page';
import { getRootStore, type RootStore } from '../RootStore';
import { getPaymentStores } from '../pay/paymentStores';
import { formApi } from '../../api/form';
import { payApi } from '../../api/pay';
import { postFormJson } from '../../platform/formPost';
import { openUrl } from '../../platform/navigate';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';
import { FormStore, type FormDeps, type FormOptions } from './FormStore';

/** The store of one form component (held with useState in the component). */
export function createFormStore(form: PageComponent, opts: FormOptions, root: RootStore = getRootStore(), deps: Partial<FormDeps> = {}): FormStore {
  return new FormStore(form, opts, {
    api: formApi,
    isGuest: () => root.session.isGuest,
    requireLogin: (r) => root.loginPrompt.requireLogin(r),
    toast: (text) => toast(text, 3000),
    t,
    open: (url) => openUrl(url, { replace: true }),
    customPost: postFormJson,
    unionid: () => root.session.user?.openid ?? '',
    payGoods: (id, form) => getPaymentStores(root).pay.payGoods(id, form),
    goods: (id) => payApi.goods(id),
    every: (ms, fn) => {
      const h = setInterval(fn, ms);
      return () => clearInterval(h);
    },
    after: (ms, fn) => {
      const h = setTimeout(fn, ms);
      return () => clearTimeout(h);
    },
    thisYear: () => new Date().getFullYear(),
    ...deps
  });
}
