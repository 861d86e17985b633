import { Link } from 'react-router';

export function NotFoundContent({
  message = 'The page you are looking for has moved or never existed.',
}: {
  message?: string;
}) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <Link to="/" className="mt-8 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Back to home
      </Link>
    </section>
  );
}
