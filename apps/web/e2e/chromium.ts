/** The system Chromium the browser tests drive (installed from the OS packages, never downloaded). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
