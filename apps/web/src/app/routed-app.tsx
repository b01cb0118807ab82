import { RouterProvider } from 'react-router';
import { createRouter } from './router';

export { createRouter as createAppRouter };
export { routerReady } from './take-over-prerendered';

export function RoutedApp({ router }: { router: ReturnType<typeof createRouter> }) {
  return <RouterProvider router={router} />;
}
