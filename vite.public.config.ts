// The public visitor entry's build (public.html), run after the main one: see webConfig in vite.config.ts.
import { webConfig } from "./vite.config";

export default webConfig("public");
