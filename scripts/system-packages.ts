/**
 * `npm test` runs this first (pretest): the packages the tests need — the bot sandbox,
 * discord.py, Chromium — are installed when this runs as root on Debian/Ubuntu; otherwise it
 * stops with the exact command, so no test ever skips or fails for a missing package.
 */
import { ensureSystemPackages, runtimeRequirements, testRequirements } from "./lib/system-packages";

const forStart = process.argv.includes("--runtime");
const command = ensureSystemPackages(forStart ? runtimeRequirements : testRequirements);
if (command) {
  console.error(`\nCipher needs system packages that are not installed. Run:\n\n  ${command}\n\nthen try again.\n`);
  process.exit(1);
}
