import { PropsWithChildren } from 'react';
import { installPatternRoutes } from './platform/h5-routes';

if (process.env.TARO_ENV === 'h5') installPatternRoutes();

function App({ children }: PropsWithChildren) {
  return children;
}

export default App;
