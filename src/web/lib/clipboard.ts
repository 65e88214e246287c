/**
 * Copies a text with the Clipboard API; false where the browser has none (a page served over plain
 * http from another machine) or refuses it (permissions): the caller then shows the text to copy.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
