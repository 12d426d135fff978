/** The college's name for the area's titles (the portal configuration), with a plain fallback while it loads. */
import { usePortalConfig } from '../lib/config.ts';

export function useCollegeName(): string {
  const { config } = usePortalConfig();
  return config?.collegeName ?? '干部网络学院';
}
