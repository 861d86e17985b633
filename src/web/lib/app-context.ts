import { createContext } from 'react-router';
import type { AppContextValue } from '../../contracts/load-context.ts';

/**
 * The server hands loaders the modules' services through this key. The server reads the key
 * from the built entry module (entry.server.tsx re-exports it), so both sides hold the same
 * object even though the server runs outside the Vite bundle. The value's type is the neutral
 * contract in src/contracts/load-context.ts.
 */
export const appContext = createContext<AppContextValue>();
