import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('dev/crash', 'routes/dev.crash.tsx'),
  route(':serviceSlug', 'routes/service.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
