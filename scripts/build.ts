/**
 * `npm run build`: the production build, recorded the way `npm start` checks it (scripts/lib/build.ts),
 * so the start that follows serves it without building again.
 */
import { productionBuild } from "./lib/build";

productionBuild().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
