/**
 * What the menus do: go to a route (asking to log in, or showing the no-permission modal, first
 * when decideRoute says so), open the digital library and the AI entry (with a ticket, never the
 * session token) in a new window.
 */
import { useNavigate } from 'react-router';
import { canUsePermissionModules, decideRoute } from '@portal/contract/base';
import { person as personCalls } from '@portal/contract/refs';
import { call, showError } from '../api/client.ts';
import { authUi } from '../features/auth/authUi.ts';
import { useSession } from '../features/auth/session.ts';
import { openInNewWindow } from '../lib/newWindow.ts';
import { routeOf } from './routeSpec.ts';

export function useNavActions() {
  const navigate = useNavigate();
  const { person } = useSession();

  const go = (path: string) => {
    const spec = routeOf(path);
    const decision = spec ? decideRoute(spec, person) : 'allow';
    if (decision === 'login') authUi.openLogin(path);
    else if (decision === 'noPermission') authUi.openNoPermission();
    else navigate(path);
  };

  /** Digital books and the AI entry: logged-in people outside training classes only. */
  const permitted = (): boolean => {
    if (!person) {
      authUi.openLogin();
      return false;
    }
    if (!canUsePermissionModules(person)) {
      authUi.openNoPermission();
      return false;
    }
    return true;
  };

  /** Opens the address a call answers (a signed jump link, the AI page with a ticket) in a new window. */
  const openFrom = (def: typeof personCalls.digitalBooks | typeof personCalls.aiTicket) => {
    if (!permitted()) return;
    openInNewWindow(() => call(def)).catch((err: unknown) => showError(err, 'warning'));
  };

  return { go, openDigitalBooks: () => openFrom(personCalls.digitalBooks), openAi: () => openFrom(personCalls.aiTicket) };
}
