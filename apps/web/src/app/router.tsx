import { createBrowserRouter } from 'react-router';
import { WelcomePage } from '../features/welcome/welcome-page';
import { ErrorPage } from './error-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      errorElement: <ErrorPage />,
      children: [
        { index: true, element: <WelcomePage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
