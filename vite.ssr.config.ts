// The public visitor entry's server-rendering build (dist/ssr), run after the two web builds: see ssrConfig in vite.config.ts.
import { ssrConfig } from "./vite.config";

export default ssrConfig();
