import { data } from 'react-router';
import { NotFoundContent } from '../components/not-found-content.tsx';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: 'Page not found | SevaDocs' }];

export default function NotFound() {
  return <NotFoundContent />;
}
