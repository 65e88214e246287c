/** The http(s) links of a plain-text e-mail body, in order, without repeats (a sentence's final punctuation is not part of a link). */
export function linksIn(text: string): string[] {
  const links = (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) => link.replace(/[.,;:!?)]+$/, ""));
  return [...new Set(links)];
}
