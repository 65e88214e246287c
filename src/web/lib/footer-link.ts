/**
 * A link of the public pages' footers (the public entry's shells and the staff app's public layout):
 * a 24 px tall target, so that neighbouring links are not too small to tap (WCAG 2.5.8, Lighthouse's
 * target-size audit).
 */
export const footerLinkClass =
  "inline-flex min-h-6 items-center rounded-sm font-medium text-foreground underline-offset-4 hover:underline";
