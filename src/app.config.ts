import { PAGES, SUBPACKAGE_PAGES, type PageKey } from './routes';

const main = (Object.keys(PAGES) as PageKey[]).filter((k) => !SUBPACKAGE_PAGES.includes(k));
/** `pages/<folder>/index` → sub-package root `pages/<folder>` with page `index`. */
const subPackages = SUBPACKAGE_PAGES.map((k) => {
  const path = PAGES[k];
  const cut = path.lastIndexOf('/');
  return { root: path.slice(0, cut), pages: [path.slice(cut + 1)] };
});

export default defineAppConfig({
  pages: main.map((k) => PAGES[k]),
  subPackages,
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black'
  },
  animation: false
});
