/**
 * React and React DOM are CommonJS: the bundle wraps each in a function that runs when a module
 * first needs it, which would be inside the entry's evaluation, together with the router and the
 * app. Imported here for their effect and kept in the react-dom chunk (vite.config.ts), they run
 * when that chunk is evaluated: a task of its own on a page rendered on the server (ADR 0009).
 */
import 'react';
import 'react/jsx-runtime';
import 'react-dom';
import 'react-dom/client';
