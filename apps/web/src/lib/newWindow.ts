/**
 * Opens an address that must first be fetched (digital books, national academy) in a new window.
 * The window is opened synchronously inside the click so popup blockers allow it, then pointed at
 * the address once it is known; on failure it is closed again and the error goes to the caller.
 */
export async function openInNewWindow(getUrl: () => Promise<string>): Promise<void> {
  const win = window.open('', '_blank');
  if (win) win.document.title = '正在跳转…';
  try {
    const url = await getUrl();
    if (win && !win.closed) {
      win.opener = null;
      win.location.href = new URL(url, window.location.origin).toString();
    } else {
      window.location.assign(url);
    }
  } catch (err) {
    win?.close();
    throw err;
  }
}
