/** The browser tab's title: the page's, then the college's name. */
import { useEffect } from 'react';
import { pageTitle, usePortalConfig } from '../api/config.ts';

export function useDocumentTitle(title: string) {
  const { config } = usePortalConfig();
  useEffect(() => {
    document.title = pageTitle(title, config?.collegeName);
  }, [title, config?.collegeName]);
}
