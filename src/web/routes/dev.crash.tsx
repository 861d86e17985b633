import { data } from 'react-router';

/** Lets the end-to-end suite prove the error boundary; a plain 404 in production. */
export function loader() {
  if (process.env.NODE_ENV === 'production') throw data(null, { status: 404 });
  return null;
}

export default function Crash(): never {
  throw new Error('Deliberate crash to exercise the error boundary');
}
