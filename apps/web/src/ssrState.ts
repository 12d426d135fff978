/** The id of the script element in which a page rendered on the server carries its query answers (entry-server.tsx → main.tsx). */
export const SSR_STATE_ID = 'portal-ssr-state';
