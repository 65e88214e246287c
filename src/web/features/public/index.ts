/** The public visitor entry's frame (its pages load lazily, by path), and the header and footer every public page shares. */
export { PublicShell } from "./components/public-shell";
export { SiteHeader, type SiteFrame } from "./components/site-header";
export { SiteFooter } from "./components/site-footer";
export { useContactEmail } from "./hooks/use-agency";
export { MyDataActions } from "./manage/my-data-actions";
