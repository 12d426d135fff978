/**
 * What the menus do: go to a route (asking to log in, or showing the no-permission modal, first
 * when decideRoute says so), open the digital library and the AI entry in a new window.
 */
import { useNavigate } from 'react-router';
import { canUsePermissionModules, decideRoute } from '@portal/contract/base';
import { person as personCalls } from '@portal/contract/refs';
import { call, showError } from '../api/client.ts';
import { authUi } from '../features/auth/authUi.ts';
import { useSession } from '../features/auth/session.ts';
import { usePortalConfig, withToken } from '../lib/config.ts';
import { openInNewWindow } from '../lib/newWindow.ts';
import { routeOf } from './routeSpec.ts';

export function useNavActions() {
  const navigate = useNavigate();
  const { person, token } = useSession();
  const { config } = usePortalConfig();

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

  const openDigitalBooks = () => {
    if (!permitted()) return;
    openInNewWindow(() => call(personCalls.digitalBooks)).catch((err: unknown) => showError(err, 'warning'));
  };

  const openAi = () => {
    if (!permitted() || !token || !config) return;
    window.open(withToken(config.aiUrl, token), '_blank', 'noopener');
  };

  return { go, openDigitalBooks, openAi };
}
