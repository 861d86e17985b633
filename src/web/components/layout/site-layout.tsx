import type { PublicConfig } from '../../lib/app-context.ts';

export interface NavService {
  id: number;
  name: string;
  slug: string;
}

export function SiteLayout({ children }: { config: PublicConfig; services: NavService[]; children: React.ReactNode }) {
  return <main id="main">{children}</main>;
}
