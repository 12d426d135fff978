/**
 * 指读: the browser's speech synthesis in Chinese. Whether this browser has a Chinese voice
 * is known only once its voices have loaded (Chromium loads them after the page asks).
 */
const synth = (): SpeechSynthesis | null => (typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null);

const chineseVoice = (): SpeechSynthesisVoice | null => synth()?.getVoices().find((v) => v.lang.toLowerCase().replace('_', '-').startsWith('zh')) ?? null;

/** True when a Chinese voice is there; waits up to a second for the voices to load. */
export async function hasChineseVoice(): Promise<boolean> {
  const s = synth();
  if (!s) return false;
  if (s.getVoices().length > 0) return chineseVoice() !== null;
  await new Promise<void>((resolve) => {
    const done = () => resolve();
    s.addEventListener('voiceschanged', done, { once: true });
    setTimeout(done, 1000);
  });
  return chineseVoice() !== null;
}

/** Reads the text aloud in zh-CN, interrupting what was being read. */
export function speak(text: string): void {
  const s = synth();
  if (!s) return;
  s.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.lang = 'zh-CN';
  const voice = chineseVoice();
  if (voice) u.voice = voice;
  s.speak(u);
}

export function stopSpeaking(): void {
  synth()?.cancel();
}

/** What 指读 reads of an element: its name if it is a control, else its own text, at most 300 characters. */
export function readableText(el: Element): string {
  const control = el.closest('a, button, input, select, textarea, [role="button"], [role="link"], [aria-label]');
  const named = control?.getAttribute('aria-label') ?? (control instanceof HTMLInputElement ? control.labels?.[0]?.textContent ?? control.placeholder : null);
  const text = named ?? (control ?? el).textContent ?? '';
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
