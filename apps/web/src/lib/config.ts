/** The portal configuration (college name, footer, links, city platforms) for components. */
import { useQuery } from '@tanstack/react-query';
import type { PortalConfig } from '@portal/contract';
import { fetchPortalConfig } from '../api/client.ts';

export function usePortalConfig(): { config: PortalConfig | undefined; isLoading: boolean; isError: boolean; refetch: () => void } {
  const q = useQuery({ queryKey: ['portalConfig'], queryFn: fetchPortalConfig, staleTime: Infinity, retry: false });
  return { config: q.data, isLoading: q.isLoading, isError: q.isError, refetch: () => void q.refetch() };
}

/** `<title> - <college name>`, or the title alone until the name is known. */
export function pageTitle(title: string, collegeName: string | undefined): string {
  return collegeName ? `${title} - ${collegeName}` : title;
}

