/** The public visitor entry's frame (its pages load lazily, by path). */
export { PublicShell, ThemeButton, ContactLine, useContactEmail } from "./components/public-shell";
export { LanguageSwitch } from "./components/language-switch";
export { MyDataActions } from "./manage/my-data-actions";
