/**
 * A page's public part (RouteSpec.preview): a study page shows its course's head and chapters while the
 * stored login is checked, and the server renders that part for every request (ADR 0047). The page
 * reads usePreview() and, while it is true, makes only the calls a visitor may make (as a visitor:
 * the server rendered them so), opens no study session and leaves out what is personal.
 */
import { createContext, useContext } from 'react';

export const PreviewContext = createContext(false);

/** True while the page is shown as its public part (on the server, while adopted, while the login is checked). */
export const usePreview = () => useContext(PreviewContext);
