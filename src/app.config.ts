import { PAGES } from './routes';

export default defineAppConfig({
  pages: Object.values(PAGES),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black'
  },
  animation: false
});
