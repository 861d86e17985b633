import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { sourcemap: false },
  environments: {
    // Chunk groups for the browser build only (the server build keeps one module per route).
    // Every page loads React, React Router and the app shell; two chunks for them compress
    // far better than a dozen small ones, which keeps public pages inside the 120 KB budget
    // of DESIGN.md §4 (docs/decisions/0022-client-chunk-groups.md). Route code still splits
    // per route and on demand.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                // root.tsx and, by rolldown's default includeDependenciesRecursively, everything it
                // imports statically, re-exports included: the shell (src/web/shell: layout, header,
                // hosts), navigation data and icons.
                { name: 'app-shell', test: /src[\\/]web[\\/]root\.tsx$/, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
