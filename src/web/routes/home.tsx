import { useLoaderData } from 'react-router';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { services: (await services.catalog.listServices({ page: 1, limit: 100 })).results };
}

export default function Home() {
  const { services } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>SevaDocs</h1>
      <ul>
        {services.map((s) => (
          <li key={s.id}>{s.name}</li>
        ))}
      </ul>
    </div>
  );
}
