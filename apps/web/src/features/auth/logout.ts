/** Logging out: the device's waiting study reports and exam answers go first, then the session ends and local storage is cleared. */
import { auth } from '@portal/contract/refs';
import { call, CallError, sessionEnding } from '../../api/client.ts';
import { EXAM_QUEUE_KEY, storage, STUDY_QUEUE_KEY } from '../../lib/storage.ts';

/** Ends the session on the server (best effort) and clears the token, the person and all local storage. */
export async function logout(): Promise<void> {
  try {
    // Credited study time still waiting on this device goes to the server before local storage is cleared.
    if (storage.get().token && localStorage.getItem(STUDY_QUEUE_KEY)) {
      const { reportSender } = await import('../study/sender.ts');
      await reportSender().flush().catch((err: unknown) => console.warn('study reports not sent before logout', err));
    }
    // Likewise exam answers given offline.
    if (storage.get().token && localStorage.getItem(EXAM_QUEUE_KEY)) {
      const { answerSender } = await import('../exam/answerQueue.ts');
      await answerSender().flush().catch((err: unknown) => console.warn('exam answers not sent before logout', err));
    }
    const token = storage.get().token;
    if (token) {
      // From here a 401 for this token is the logout's, not an expiry (queries of the page may still be in flight).
      sessionEnding(token);
      await call(auth.logout);
    }
  } catch (err) {
    if (err instanceof CallError && err.kind === 'business') console.warn('logout refused', err.message);
  } finally {
    storage.clearAll();
  }
}
