// Runs in <head> before the first paint: the saved theme ('theme'), else the system's. Mirrors
// initialTheme() in src/web/lib/theme.tsx, which takes over once React starts.
(function () {
  try {
    var saved = localStorage.getItem("theme");
    var dark =
      saved === "dark" || saved === "light" ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  } catch (e) {}
})();
