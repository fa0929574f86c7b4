/**
 * Puts text on the clipboard: the async Clipboard API where the page may use it (a secure context,
 * permission granted), else the old hidden-textarea `execCommand('copy')`, which still works over
 * plain http and in older in-app browsers. Resolves false when neither worked, so the caller can ask
 * the reader to copy the link by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
