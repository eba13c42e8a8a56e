/**
 * bot/runtime.py: the helpers every compiled Python bot shares (lib/blueprint/README.md says what
 * they do). The same for every blueprint: only the permission labels come from the vocabulary.
 */
import { permissionLabels, permissionNames } from "../vocabulary";
import { generatedHeader, pyString } from "./literals";
import { permissionAttributes } from "./python-commands";
import { runtimeActions } from "./python-runtime-actions";
import { runtimeFailures } from "./python-runtime-failures";
import { runtimeLater } from "./python-runtime-later";
import { runtimeNumbers } from "./python-runtime-numbers";
import { runtimeRun } from "./python-runtime-run";
import { runtimeStore } from "./python-runtime-store";

/** PERMISSIONS = {"KickMembers": ("kick_members", "Kick Members"), …}: discord.py's name and the label. */
function permissionTable(): string {
  const rows = permissionNames.map(
    (name) => `    ${pyString(name)}: (${pyString(permissionAttributes[name])}, ${pyString(permissionLabels[name])}),`,
  );
  return ["{", ...rows, "}"].join("\n");
}

export function runtimeModule(): string {
  const numbers = runtimeNumbers.replace("PERMISSIONS = __PERMISSIONS__", `PERMISSIONS = ${permissionTable()}`);
  // The actions part goes on with the body of the class Run that the run part starts.
  return `${generatedHeader("#")}${numbers}\n\n${runtimeFailures}\n\n${runtimeStore}\n\n${runtimeRun}\n${runtimeActions}\n\n${runtimeLater}`;
}
